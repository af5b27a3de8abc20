import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { DonationStatus, DonationType, PaymentGateway, RecurringStatus } from '~/lib/enums';
import { campaigns } from './campaigns';
import { cents, createdAt, timestamptz, updatedAt } from './columns';
import { currencyRef } from './lookups';
import { users } from './users';

/** The donor as the donation form names them, on a once-off donation and on a recurring mandate alike. */
const donorColumns = () => ({
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  mobileNumber: text(),
  anonymous: boolean().notNull().default(false),
  displayName: text(),
  comment: text(),
  cardConsent: boolean().notNull().default(false),
  /** Where the donor came from (`?ref=`, src/lib/referralChannels.ts); null before issue 26. */
  referralChannel: text(),
  /** The language the donor gave in (src/lib/i18n/languages.ts): their mails speak it (issue 27). */
  locale: text().notNull().default('en'),
});

/**
 * A Paysoft debit order's mandate as we keep it (docs/api/donations.md "Paysoft debit orders"):
 * never the full account or ID number (Paysoft holds them behind the token in `gatewayToken`).
 */
export interface DebitOrderMandate {
  bankId: number;
  bankName: string;
  branchCode: string;
  /** AccountType: Savings 0, Cheque 1, Business 2. */
  accountType: number;
  accountHolderName: string;
  /** All but the last four digits hidden. */
  accountNumberMasked: string;
  idNumberMasked: string;
  /** Paysoft's customer code for the donor (our schedule's reference). */
  customerCode: string;
  /** When the donor accepted the mandate, and its words as shown to them. */
  acceptedAt: string;
  mandateText: string;
  /** Unpaid (or disputed, reversed) collections in a row; the debit order stops at DEBIT_ORDER_MAX_FAILURES. */
  consecutiveFailures: number;
}

/** A recurring donation: the donor's mandate; each deduction becomes a row in `donations`. */
export const recurringDonations = pgTable(
  'recurring_donations',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    currencyId: currencyRef(),
    amount: cents().notNull(),
    tipAmount: cents().notNull().default(0),
    /** An optional first payment on top of the monthly amount. */
    onceOffAmount: cents().notNull().default(0),
    term: smallint().notNull(),
    deductionDay: smallint().notNull(),
    paymentMethod: smallint().notNull().default(PaymentGateway.PayFast),
    status: smallint().notNull().default(RecurringStatus.PendingSettlement),
    ...donorColumns(),
    /** Reference we gave the gateway when creating the subscription. */
    reference: text().notNull().unique(),
    gatewayToken: text(),
    gatewaySubscriptionId: text(),
    nextDeductionDate: date({ mode: 'string' }),
    deductionsMade: integer().notNull().default(0),
    /** Paysoft debit orders (payment method 7) only: the mandate, without full account numbers. */
    debitOrder: jsonb().$type<DebitOrderMandate>(),
    cancelledAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.campaignId),
    index().on(t.userId),
    index().on(t.status, t.nextDeductionDate),
    check('recurring_donations_amount_check', sql`${t.amount} > 0`),
  ],
);

export const donations = pgTable(
  'donations',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    recurringDonationId: uuid().references(() => recurringDonations.id, { onDelete: 'set null' }),
    type: smallint().notNull().default(DonationType.OneOff),
    currencyId: currencyRef(),
    amount: cents().notNull(),
    /**
     * `amount` in the campaign's currency, fixed when the donation is made
     * (`exchangeRate` campaign units per donation unit; 1 in the same currency).
     * Campaign totals sum this column, so they never mix rand and dollars.
     */
    campaignAmount: cents().notNull(),
    exchangeRate: numeric({ precision: 12, scale: 6, mode: 'number' }).notNull().default(1),
    /** The tip to the platform or the admin fee the donor covers, on top of `amount`. */
    tipAmount: cents().notNull().default(0),
    adminFeeCovered: boolean().notNull().default(false),
    paymentMethod: smallint().notNull().default(PaymentGateway.InstantEFT),
    status: smallint().notNull().default(DonationStatus.Pending),
    ...donorColumns(),
    orderId: text(),
    /** Our unique reference: the EFT reference and the gateway's merchant payment id. */
    reference: text().notNull().unique(),
    gatewayPaymentId: text(),
    settledAt: timestamptz(),
    /** When the donor's receipt went out; set once, so a replayed notification mails nothing. */
    receiptSentAt: timestamptz(),
    /** When the campaign owner was told about it (each donation or in a digest). */
    ownerNotifiedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.campaignId, t.createdAt),
    index().on(t.userId, t.createdAt),
    index().on(t.recurringDonationId),
    index('donations_email_lower_idx').on(sql`lower(${t.email})`),
    index('donations_owner_unnotified_idx')
      .on(t.campaignId)
      .where(sql`${t.ownerNotifiedAt} is null and ${t.status} = ${sql.raw(String(DonationStatus.Accepted))}`),
    check(
      'donations_amount_check',
      sql`${t.amount} > 0 and ${t.tipAmount} >= 0 and ${t.campaignAmount} > 0 and ${t.exchangeRate} > 0`,
    ),
  ],
);

/**
 * Every notification a gateway sent, kept raw. The unique key makes a repeated
 * notification (gateways retry) a no-op instead of a second credit.
 */
export const gatewayNotifications = pgTable(
  'gateway_notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gateway: smallint().notNull(),
    gatewayId: text().notNull(),
    donationId: uuid().references(() => donations.id, { onDelete: 'set null' }),
    recurringDonationId: uuid().references(() => recurringDonations.id, { onDelete: 'set null' }),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    verified: boolean().notNull().default(false),
    processed: boolean().notNull().default(false),
    error: text(),
    receivedAt: timestamptz().notNull().defaultNow(),
    processedAt: timestamptz(),
  },
  (t) => [
    unique('gateway_notifications_gateway_id_unique').on(t.gateway, t.gatewayId),
    index().on(t.donationId),
  ],
);

/**
 * ALTCHA solutions already spent: a solved challenge buys one public donation,
 * not many. Rows past `expiresAt` are useless (the challenge expired) and swept.
 */
export const captchaSolutions = pgTable('captcha_solutions', {
  signature: text().primaryKey(),
  expiresAt: timestamptz().notNull(),
});
