import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, createdAt, ownedBy, timestamptz } from './columns';
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

/**
 * A yearly Section 18A certificate (issue 26): one per donor (by email, case aside) per organisation
 * and tax year (1 March to the end of February), covering that donor's accepted donations to the
 * organisation's campaigns in the year, tips excluded. Its number comes from the same counter as the
 * single receipts (organisation_receipt_counters), so one series has no gaps across both kinds.
 */
export const yearlyCertificates = pgTable(
  'yearly_certificates',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    number: integer().notNull(),
    /** The year the tax year ends in: 2027 is 1 March 2026 to 28 February 2027. */
    taxYear: integer().notNull(),
    /** lower(email) of the donations covered: whose certificate this is. */
    donorKey: text().notNull(),
    issuedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    donorName: text().notNull(),
    /** From the donor's latest receipt request to this organisation; empty when they never gave one. */
    donorTaxNumber: text().notNull().default(''),
    donorAddress: text().notNull().default(''),
    donorEmail: text().notNull(),
    currencyId: currencyRef(),
    /** What the certificate counts: the covered donations less refunds, without those with their own receipt. */
    amount: cents().notNull(),
    organisationName: text().notNull(),
    organisationAddress: text().notNull(),
    pboNumber: text().notNull(),
    issuedAt: createdAt(),
    mailedAt: timestamptz(),
    cancelledAt: timestamptz(),
    cancelReason: text(),
  },
  (t) => [
    unique('yearly_certificates_organisation_number_unique').on(t.organisationId, t.number),
    uniqueIndex('yearly_certificates_donor_year_unique')
      .on(t.organisationId, t.taxYear, t.donorKey)
      .where(sql`${t.cancelledAt} is null`),
    index().on(t.organisationId, t.taxYear),
    index().on(t.donorKey),
    check('yearly_certificates_number_check', sql`${t.number} > 0`),
    check('yearly_certificates_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * The donations a yearly certificate lists. One with its own single receipt in force is listed with
 * that receipt's id and counts nothing (`amount` 0), so no gift is certified twice.
 */
export const yearlyCertificateDonations = pgTable(
  'yearly_certificate_donations',
  {
    certificateId: ownedBy(() => yearlyCertificates.id),
    donationId: uuid()
      .notNull()
      .references(() => donations.id, { onDelete: 'restrict' }),
    /** What this donation adds to the certificate (net of refunds, tip excluded); 0 when receipted singly. */
    amount: cents().notNull(),
    donatedAt: timestamptz().notNull(),
    singleReceiptId: uuid().references(() => donationReceipts.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.certificateId, t.donationId] }), index().on(t.donationId)],
);
