import { bigint, timestamp } from 'drizzle-orm/pg-core';

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
