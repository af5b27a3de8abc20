import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CampaignRefunds, RefundAllResult, RefundableDonation } from '~/lib/contracts/refunds';
import { publicDonorName } from '~/lib/donationDisplay';
import { Currency, DonationStatus } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { fullNameOr } from '~/lib/people';
import { raisedCentsSql } from '~/lib/server/campaigns/cards';
import { getDb } from '~/lib/server/db';
import { campaignSettings, campaigns, currencies, donationRefunds, donations } from '~/lib/server/db/schema';
import { HttpError, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { refundableAtGateway } from '~/lib/server/payments/refunds';
import { owedCentsSql } from '~/lib/server/payouts/funds';
import { recordAudit } from '~/lib/server/platform/audit';
import { refundedCampaignCentsOf, refundedCentsOf, refundedOfCampaign } from './netSql';
import { refundDonation, refundViewOf } from './refundDonation';

/** A campaign's refunds for staff: its accepted donations with what remains, and refunding them all. */

const currencyOf = (row: {
  currencyId: number;
  name: string;
  ticker: string;
  symbol: string;
  locale: string;
}) => ({
  id: row.currencyId,
  name: row.name,
  ticker: row.ticker,
  symbol: row.symbol,
  locale: row.locale,
});

/** `GET /admin/campaigns/{id}/refunds`. */
export async function loadCampaignRefunds(id: string): Promise<CampaignRefunds> {
  // An id that is no uuid is an unknown campaign (404), never a database error.
  const campaignId = uuidOrNull(id);
  if (!campaignId) throw notFound('Campaign not found.');
  const db = await getDb();
  const [campaign] = await db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      raised: raisedCentsSql,
      refunded: sql<number>`${refundedOfCampaign(sql`"campaigns"."id"`)}::bigint`.mapWith(Number),
      owed: owedCentsSql,
      currencyId: currencies.id,
      currencyName: currencies.name,
      ticker: currencies.ticker,
      symbol: currencies.symbol,
      locale: currencies.locale,
    })
    .from(campaigns)
    .leftJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
    .innerJoin(currencies, sql`${currencies.id} = coalesce(${campaignSettings.currencyId}, ${Currency.Rand})`)
    .where(eq(campaigns.id, campaignId));
  if (!campaign) throw notFound('Campaign not found.');
  const rows = await db
    .select({
      donation: donations,
      refundedCents: sql<number>`${refundedCentsOf(donations.id)}::bigint`.mapWith(Number),
      currencyName: currencies.name,
      ticker: currencies.ticker,
      symbol: currencies.symbol,
      locale: currencies.locale,
    })
    .from(donations)
    .innerJoin(currencies, eq(currencies.id, donations.currencyId))
    .where(and(eq(donations.campaignId, campaignId), eq(donations.status, DonationStatus.Accepted)))
    .orderBy(desc(donations.createdAt), desc(donations.id));
  const ledger = rows.length
    ? await db
        .select()
        .from(donationRefunds)
        .where(
          inArray(
            donationRefunds.donationId,
            rows.map((r) => r.donation.id),
          ),
        )
        .orderBy(asc(donationRefunds.createdAt))
    : [];
  const donationsView: RefundableDonation[] = rows.map(({ donation: d, refundedCents, ...c }) => {
    const own = ledger.filter((r) => r.donationId === d.id);
    const tipBack = own
      .filter((r) => r.status !== 2)
      .reduce((sum, r) => sum + (r.kind === 3 ? -r.tipAmount : r.tipAmount), 0);
    return {
      id: d.id,
      reference: d.reference,
      donorName: fullNameOr(d, publicDonorName(d)),
      email: d.email,
      paymentMethod: d.paymentMethod,
      gatewayRefund: refundableAtGateway(d),
      currency: currencyOf({
        currencyId: d.currencyId,
        name: c.currencyName,
        ticker: c.ticker,
        symbol: c.symbol,
        locale: c.locale,
      }),
      amount: fromCents(d.amount),
      tipAmount: fromCents(d.tipAmount),
      remainingAmount: fromCents(d.amount - refundedCents),
      remainingTipAmount: fromCents(d.tipAmount - tipBack),
      settledAt: d.settledAt?.toISOString() ?? null,
      refunds: own.map(refundViewOf),
    };
  });
  return {
    campaignId: campaign.id,
    campaignName: campaign.name,
    currency: currencyOf({ ...campaign, name: campaign.currencyName }),
    raised: fromCents(campaign.raised),
    refunded: fromCents(campaign.refunded),
    owed: fromCents(campaign.owed),
    donations: donationsView,
  };
}

/**
 * Refunds every accepted donation of a campaign with something left, each through its gateway with
 * the key `refund-all:{campaignId}:{donationId}` (so a retried or doubled call refunds each once).
 * Donations whose gateway has no refund call are counted as `manual`: staff pay them back by bank and
 * record each reference. One audit entry for the action, and one per donation refunded.
 */
export async function refundAllDonations(
  id: string,
  reason: string,
  actorId: string,
): Promise<RefundAllResult> {
  const campaignId = uuidOrNull(id);
  if (!campaignId) throw notFound('Campaign not found.');
  const db = await getDb();
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!campaign) throw notFound('Campaign not found.');
  const open = await db
    .select({
      id: donations.id,
      paymentMethod: donations.paymentMethod,
      gatewayPaymentId: donations.gatewayPaymentId,
    })
    .from(donations)
    .where(
      and(
        eq(donations.campaignId, campaignId),
        eq(donations.status, DonationStatus.Accepted),
        sql`(${donations.campaignAmount} - ${refundedCampaignCentsOf(donations.id)} > 0 or ${donations.amount} - ${refundedCentsOf(donations.id)} > 0)`,
      ),
    )
    .orderBy(asc(donations.createdAt), asc(donations.id));
  const result: RefundAllResult = { refunded: 0, manual: 0, failed: 0, totalRefunded: 0 };
  let totalCents = 0;
  for (const donation of open) {
    if (!refundableAtGateway(donation)) {
      result.manual += 1;
      continue;
    }
    try {
      const outcome = await refundDonation({
        donationId: donation.id,
        reason,
        idempotencyKey: `refund-all:${campaignId}:${donation.id}`,
        actorId,
      });
      if (outcome.refund.status === 2) result.failed += 1;
      else if (!outcome.replayed) {
        result.refunded += 1;
        totalCents += Math.round(outcome.refund.campaignAmount * 100);
      }
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      result.failed += 1;
    }
  }
  result.totalRefunded = fromCents(totalCents);
  await recordAudit({
    actorId,
    action: 'refund-all-donations',
    entity: 'campaign',
    entityId: campaignId,
    details: { reason, ...result },
    before: null,
    after: result,
  });
  return result;
}
