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

export const PAYOUT_HOLD_MESSAGES = {
  held: (name: string) => `Payouts from "${name}" are on hold while Letsema reviews the campaign.`,
  owes: (name: string, owed: string) =>
    `"${name}" owes ${owed} after refunds made once its money was paid out. Payouts resume once that is settled.`,
} as const;

/** 400 when staff hold the campaign's payouts, or when it owes money after refunds (docs/api/payouts.md "Holds"). */
export function assertPayable(campaign: CampaignFunds): void {
  if (campaign.payoutsHeldReason !== null) throw badRequest(PAYOUT_HOLD_MESSAGES.held(campaign.name));
  if (campaign.owed > 0)
    throw badRequest(
      PAYOUT_HOLD_MESSAGES.owes(campaign.name, formatMoney(fromCents(campaign.owed), campaign.currency)),
    );
}

/** 400 naming the campaign when it may not pay out (held, owing) or a share is more than its funds available. */
export function assertWithinFunds(shares: readonly PayoutShare[], funds: readonly CampaignFunds[]): void {
  for (const share of shares) {
    const campaign = funds.find((f) => f.id === share.campaignId);
    if (!campaign) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
    assertPayable(campaign);
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
