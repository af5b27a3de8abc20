import { type AnyPgColumn, bigint, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A moment in time; always with time zone so servers in any zone agree. */
export const timestamptz = () => timestamp({ withTimezone: true });
export const createdAt = () => timestamptz().notNull().defaultNow();
export const updatedAt = () =>
  timestamptz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Money in integer cents (DESIGN §3): never a float in the database. */
export const cents = () => bigint({ mode: 'number' });

/** The row this one belongs to: required, and deleting it deletes this row too. */
export const ownedBy = (parent: () => AnyPgColumn) =>
  uuid().notNull().references(parent, { onDelete: 'cascade' });

/** A link in an ordered list (a campaign's or an organisation's videos and social pages). */
export const linkColumns = () => ({
  url: text().notNull(),
  position: smallint().notNull().default(0),
});

/** A postal address; every line may be empty. */
export const addressColumns = () => ({
  addressLine1: text(),
  addressLine2: text(),
  city: text(),
  province: text(),
  country: text(),
  zip: text(),
});
