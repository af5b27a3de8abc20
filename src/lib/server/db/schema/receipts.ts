import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, createdAt, timestamptz } from './columns';
import { donations } from './donations';
import { currencyRef } from './lookups';
import { organisations } from './organisations';
import { users } from './users';

/**
 * A Section 18A receipt, as issued: the organisation's and the donor's details are copied in at
 * issue, so a receipt reads the same however the organisation or the account change later (a
 * deleted account blanks the donor's details, never the number or the amount).
 */
export const donationReceipts = pgTable(
  'donation_receipts',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** 1, 2, 3… per organisation, without gaps (organisation_receipt_counters, in one transaction). */
    number: integer().notNull(),
    /** One receipt in force per donation; a refund cancels it and a partial refund issues a replacement. */
    donationId: uuid()
      .notNull()
      .references(() => donations.id, { onDelete: 'restrict' }),
    requestedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    donorName: text().notNull(),
    /** South African ID number or income tax reference number. */
    donorTaxNumber: text().notNull(),
    donorAddress: text().notNull(),
    donorEmail: text().notNull(),
    currencyId: currencyRef(),
    amount: cents().notNull(),
    /** When the money was received (the donation's settlement). */
    donatedAt: timestamptz().notNull(),
    organisationName: text().notNull(),
    organisationAddress: text().notNull(),
    pboNumber: text().notNull(),
    issuedAt: createdAt(),
    /** A refund cancelled it: the number stays used and the receipt reads CANCELLED. */
    cancelledAt: timestamptz(),
    cancelReason: text(),
    /** The cancelled receipt this one replaces (a partial refund: this one is for the remainder). */
    replacesReceiptId: uuid().references((): AnyPgColumn => donationReceipts.id, { onDelete: 'restrict' }),
  },
  (t) => [
    unique('donation_receipts_organisation_number_unique').on(t.organisationId, t.number),
    uniqueIndex('donation_receipts_donation_unique').on(t.donationId).where(sql`${t.cancelledAt} is null`),
    index().on(t.organisationId, t.issuedAt),
    index().on(t.requestedById),
    check('donation_receipts_number_check', sql`${t.number} > 0`),
    check('donation_receipts_amount_check', sql`${t.amount} > 0`),
  ],
);

/** The last receipt number each organisation issued: locked and raised in the issuing transaction. */
export const organisationReceiptCounters = pgTable('organisation_receipt_counters', {
  organisationId: uuid()
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  lastNumber: integer().notNull().default(0),
});
