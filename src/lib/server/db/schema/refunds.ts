import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { RefundRequestStatus, RefundStatus } from '~/lib/enums';
import { campaigns } from './campaigns';
import { cents, createdAt, timestamptz, updatedAt } from './columns';
import { donations } from './donations';
import { users } from './users';

/**
 * The refund ledger: money that left a campaign after a donation was accepted. A row is never
 * deleted and the donation is never edited; every total is the donations less these rows
 * (`donation_net`, migration 0014). Refunds and lost chargebacks take away, a won dispute
 * (ChargebackReversal) gives back. Rows in Pending or Completed count; Failed rows do not.
 */
export const donationRefunds = pgTable(
  'donation_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    donationId: uuid()
      .notNull()
      .references(() => donations.id, { onDelete: 'restrict' }),
    /** The donation's campaign, copied so campaign totals need no join. */
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    /** RefundKind. */
    kind: smallint().notNull(),
    /** RefundMethod: the gateway's refund call, a manual refund with a bank reference, or a dispute. */
    method: smallint().notNull(),
    status: smallint().notNull().default(RefundStatus.Pending),
    /** Of the gift (`donations.amount`), in the donation's currency. */
    amount: cents().notNull(),
    /** The same part of the gift in the campaign's currency (at the donation's own exchange rate). */
    campaignAmount: cents().notNull(),
    /** Of the tip or covered fee paid on top, in the donation's currency (returned with a full refund). */
    tipAmount: cents().notNull().default(0),
    reason: text().notNull(),
    /** One refund per key: a retried call finds the first row instead of refunding twice. */
    idempotencyKey: text().notNull(),
    /** The gateway's refund id, or the bank reference staff recorded, or the dispute's id. */
    externalReference: text(),
    /** What the gateway answered when it refused. */
    failure: text(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamptz(),
  },
  (t) => [
    unique('donation_refunds_idempotency_unique').on(t.idempotencyKey),
    index().on(t.donationId),
    index().on(t.campaignId),
    check(
      'donation_refunds_amount_check',
      sql`${t.amount} >= 0 and ${t.campaignAmount} >= 0 and ${t.tipAmount} >= 0 and ${t.amount} + ${t.tipAmount} > 0`,
    ),
  ],
);

/** A donor's request for a refund (from My Donations or the donation's page), decided by staff. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    donationId: uuid()
      .notNull()
      .references(() => donations.id, { onDelete: 'restrict' }),
    /** The signed-in donor who asked, when asked from My Donations. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    reason: text().notNull(),
    status: smallint().notNull().default(RefundRequestStatus.Pending),
    /** The refund it led to, when staff refunded. */
    refundId: uuid().references(() => donationRefunds.id, { onDelete: 'set null' }),
    decidedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text(),
    decidedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.status, t.createdAt), index().on(t.donationId)],
);
