import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { Currency } from '~/lib/enums';
import { createdAt, timestamptz } from './columns';

// Lookups keep the small integer ids the API has always used. Those an admin may
// extend use identity columns; the seed inserts explicit ids and then moves the
// sequence past them.

export const banks = pgTable('banks', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  universalBranchCode: text(),
  paysoftMapping: text(),
});

export const accountTypes = pgTable('account_types', {
  id: smallint().primaryKey(),
  name: text().notNull(),
  paysoftMapping: text(),
});

export const idTypes = pgTable('id_types', {
  id: smallint().primaryKey(),
  name: text().notNull(),
});

export const sectors = pgTable('sectors', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
});

export const organisationTypes = pgTable('organisation_types', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
});

export const positions = pgTable('positions', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
});

export const currencies = pgTable('currencies', {
  id: smallint().primaryKey(),
  name: text().notNull(),
  ticker: text().notNull().unique(),
  symbol: text().notNull(),
  locale: text().notNull(),
});

/** The currency of an amount: required, rand unless said otherwise. */
export const currencyRef = () =>
  smallint()
    .notNull()
    .default(Currency.Rand)
    .references(() => currencies.id);

export const campaignCategories = pgTable('campaign_categories', {
  id: smallint().primaryKey(),
  name: text().notNull(),
});

export const campaignSubCategories = pgTable(
  'campaign_sub_categories',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    campaignCategoryId: smallint()
      .notNull()
      .references(() => campaignCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.campaignCategoryId)],
);

export const events = pgTable(
  'events',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    /** The public page's path segment: /event/{slug}. */
    slug: text().notNull().unique('events_slug_unique'),
    description: text(),
    startDate: timestamptz(),
    endDate: timestamptz(),
    location: text(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.startDate)],
);

export const closeReasons = pgTable('close_reasons', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
});
