import { type SQL, sql } from 'drizzle-orm';
import { DonationStatus, RefundKind, RefundStatus } from '~/lib/enums';

/**
 * The refund ledger inside the totals' SQL (docs/api/refunds.md "Totals"): what refunds and lost
 * disputes took from a donation, less disputes won back, counting Pending and Completed rows. Every
 * total (raised, available, fees, donors, lists, cards, organisation totals) subtracts it, so a
 * refund is never an edit of the donation and every sum equals a recount of the ledger.
 */

const COUNTS = sql.raw(`x.status in (${RefundStatus.Pending}, ${RefundStatus.Completed})`);
const SIGNED = sql.raw(
  `case when x.kind = ${RefundKind.ChargebackReversal} then -x.campaign_amount else x.campaign_amount end`,
);

/** Cents of the campaign's currency the ledger took from the donation aliased `d` in the outer query. */
export const REFUNDED_OF_D: SQL<number> = sql<number>`(select coalesce(sum(${SIGNED}), 0) from donation_refunds x
  where x.donation_id = d.id and ${COUNTS})`;

/** What remains of the donation aliased `d`, in cents of the campaign's currency. */
export const NET_OF_D: SQL<number> = sql<number>`(d.campaign_amount - ${REFUNDED_OF_D})`;

/** Whether anything remains of the donation aliased `d` (a donation refunded in full leaves lists and donor counts). */
export const D_NOT_REFUNDED: SQL = sql`(not exists (select 1 from donation_refunds x where x.donation_id = d.id and ${COUNTS}) or ${NET_OF_D} > 0)`;

/**
 * What the ledger took from the accepted donations of the campaign `campaignId` (an SQL
 * expression): NET_OF_D's refunds, summed per campaign rather than per donation. Each refund
 * counts by its donation, as in NET_OF_D.
 */
export const refundedOfAcceptedDonations = (campaignId: SQL): SQL<number> =>
  sql<number>`(select coalesce(sum(${SIGNED}), 0) from donation_refunds x join donations rd on rd.id = x.donation_id
  where rd.campaign_id = ${campaignId} and rd.status = ${sql.raw(String(DonationStatus.Accepted))} and ${COUNTS})`;

/** Cents the ledger took from the campaign whose id is `campaignId` (an SQL expression). */
export const refundedOfCampaign = (campaignId: SQL): SQL<number> =>
  sql<number>`(select coalesce(sum(${SIGNED}), 0) from donation_refunds x where x.campaign_id = ${campaignId} and ${COUNTS})`;

const SIGNED_AMOUNT = sql.raw(
  `case when x.kind = ${RefundKind.ChargebackReversal} then -x.amount else x.amount end`,
);

/** Cents of the campaign's currency the ledger took from the donation whose id is `donationId`. */
export const refundedCampaignCentsOf = (donationId: SQL | unknown): SQL<number> =>
  sql<number>`(select coalesce(sum(${SIGNED}), 0) from donation_refunds x where x.donation_id = ${donationId} and ${COUNTS})`;

/** Cents of the donation's own currency the ledger took from the gift of the donation `donationId`. */
export const refundedCentsOf = (donationId: SQL | unknown): SQL<number> =>
  sql<number>`(select coalesce(sum(${SIGNED_AMOUNT}), 0) from donation_refunds x where x.donation_id = ${donationId} and ${COUNTS})`;
