import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { BankingRequestStatus, PayoutStatus } from '~/lib/enums';
import { campaigns } from './campaigns';
import { cents, createdAt, ownedBy, timestamptz, updatedAt } from './columns';
import { banks, currencyRef } from './lookups';
import { organisations } from './organisations';
import { storedFiles, users } from './users';

/**
 * Bank account details submitted for review, for an organisation, a campaign
 * or both (a Bluetick payout names its campaign).
 */
export const bankingDetails = pgTable(
  'banking_details',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid().references(() => organisations.id, { onDelete: 'cascade' }),
    campaignId: uuid().references(() => campaigns.id, { onDelete: 'cascade' }),
    submittedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    accountHolderName: text().notNull(),
    accountHolderEmail: text(),
    idType: smallint(),
    idNumber: text(),
    statementReference: text(),
    bankId: integer().references(() => banks.id, { onDelete: 'set null' }),
    bankName: text(),
    /** The bank's name as typed when it is not in the list (Other/International). */
    bankNameAlt: text(),
    accountNumber: text().notNull(),
    bankCode: text(),
    swiftCode: text(),
    accountType: smallint(),
    isInternational: boolean().notNull().default(false),
    requestStatus: smallint().notNull().default(BankingRequestStatus.Pending),
    reviewedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz(),
    /** Why staff rejected the details (mailed to the one who submitted them). */
    rejectionReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.organisationId, t.createdAt),
    index().on(t.campaignId, t.createdAt),
    check('banking_details_owner_check', sql`num_nonnulls(${t.organisationId}, ${t.campaignId}) >= 1`),
  ],
);

export const bankingDetailDocuments = pgTable(
  'banking_detail_documents',
  {
    bankingDetailId: ownedBy(() => bankingDetails.id),
    fileId: ownedBy(() => storedFiles.id),
  },
  (t) => [primaryKey({ columns: [t.bankingDetailId, t.fileId] })],
);

/** A request to pay out raised funds; `payoutItems` say how much comes from each campaign. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid().references(() => organisations.id, { onDelete: 'restrict' }),
    /** Set for a Bluetick (single-campaign) payout. */
    campaignId: uuid().references(() => campaigns.id, { onDelete: 'restrict' }),
    requestedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: smallint().notNull().default(PayoutStatus.Pending),
    currencyId: currencyRef(),
    amount: cents().notNull(),
    tipPercentage: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    tipAmount: cents().notNull().default(0),
    /** e.g. 'invoice' (SPEC: the payout option defaults to invoice). */
    payoutOption: text(),
    notes: text(),
    description: text(),
    bankingDetailId: uuid().references(() => bankingDetails.id, { onDelete: 'set null' }),
    documentFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
    reviewedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz(),
    /** Why staff declined the request (mailed to the requester). */
    declineReason: text(),
    paidAt: timestamptz(),
    /** The bank's reference for the transfer, entered when staff mark it paid. */
    bankReference: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.organisationId, t.createdAt),
    index().on(t.campaignId, t.createdAt),
    index().on(t.requestedById),
    index().on(t.status),
    check('payouts_amount_check', sql`${t.amount} > 0 and ${t.tipAmount} >= 0`),
  ],
);

export const payoutItems = pgTable(
  'payout_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    payoutId: ownedBy(() => payouts.id),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    amount: cents().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('payout_items_payout_campaign_unique').on(t.payoutId, t.campaignId),
    index().on(t.campaignId),
    check('payout_items_amount_check', sql`${t.amount} > 0`),
  ],
);
