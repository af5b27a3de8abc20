import { inArray, sql } from 'drizzle-orm';
import { formatMoney, fromCents } from '~/lib/money';
import { minimumPayoutProblem } from '~/lib/payoutRules';
import { CAMPAIGN_ACCESS_MESSAGES } from '~/lib/server/campaigns/access';
import { campaigns } from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { badRequest, notFound } from '~/lib/server/http/errors';
import { type CampaignFunds, loadCampaignFunds } from './funding';

/** One campaign's share of a payout, in cents of the campaign's currency. */
export interface PayoutShare {
  campaignId: string;
  cents: number;
}

/**
 * Locks the campaigns' rows (`FOR UPDATE`, in id order so two requests never wait on each
 * other crosswise) and reads their funds again under the lock: a payout committed by a
 * request that held the lock first is already subtracted. Must run inside the transaction
 * that inserts the payout. 404 when a campaign does not exist.
 */
export async function lockCampaignFunds(tx: Tx, campaignIds: readonly string[]): Promise<CampaignFunds[]> {
  const ids = [...new Set(campaignIds)];
  await tx.execute(
    sql`select id from campaigns where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by id for update`,
  );
  const funds = await loadCampaignFunds(inArray(campaigns.id, ids), tx);
  if (funds.length !== ids.length) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  return funds;
}

/** 400 naming the campaign when a share is more than its funds available. */
export function assertWithinFunds(shares: readonly PayoutShare[], funds: readonly CampaignFunds[]): void {
  for (const share of shares) {
    const campaign = funds.find((f) => f.id === share.campaignId);
    if (!campaign) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
    if (share.cents > campaign.available) {
      const available = formatMoney(fromCents(campaign.available), campaign.currency);
      throw badRequest(`The amount for "${campaign.name}" is more than its funds available (${available}).`, {
        payoutAmount: [`The most you can request is ${available}.`],
      });
    }
  }
}

/**
 * 400 when the payout's total is below the minimum of its currency (src/lib/payoutRules.ts),
 * unless it withdraws everything left of closed or expired campaigns. Call after assertWithinFunds.
 */
export function assertMinimumPayout(
  shares: readonly PayoutShare[],
  funds: readonly CampaignFunds[],
  currencyId: number,
): void {
  const draws = shares.map((share) => {
    const campaign = funds.find((f) => f.id === share.campaignId);
    return { cents: share.cents, availableCents: campaign?.available ?? 0, status: campaign?.status ?? 0 };
  });
  const problem = minimumPayoutProblem(currencyId, draws);
  if (problem) throw badRequest(problem, { payoutAmount: [problem] });
}
