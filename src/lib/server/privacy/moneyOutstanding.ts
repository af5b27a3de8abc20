import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { OrgUserRole, PayoutStatus } from '~/lib/enums';
import { formatMoney, fromCents } from '~/lib/money';
import { getDb } from '~/lib/server/db';
import { campaignSettings, campaigns, organisationUsers } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { conflict } from '~/lib/server/http/errors';
import { fundsAvailableCentsSql, owedCentsSql } from '~/lib/server/payouts/funds';

/** A payout of the campaign's money asked for and not yet paid (pending or accepted). */
const payoutWaitingSql = sql<boolean>`exists (
  select 1 from payout_items pi join payouts p on p.id = pi.payout_id
  where pi.campaign_id = "campaigns"."id"
    and p.status in (${PayoutStatus.Pending}, ${PayoutStatus.Accepted})
)`.mapWith(Boolean);

/** Organisations the user is the only Owner of: nobody else could ever pay their money out. */
async function soleOwnedOrganisations(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: organisationUsers.organisationId })
    .from(organisationUsers)
    .where(
      and(
        eq(organisationUsers.userId, userId),
        eq(organisationUsers.role, OrgUserRole.Owner),
        sql`not exists (select 1 from organisation_users other
          where other.organisation_id = ${organisationUsers.organisationId}
            and other.role = ${OrgUserRole.Owner} and other.user_id <> ${userId})`,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * 409 while a campaign the user owns, or one of an organisation they alone own, has money not yet
 * paid out: funds available (payouts/funds.ts, the one rule) or a payout requested and not yet paid.
 * Deleting the account then would leave money nobody can claim. Likewise while such a campaign owes
 * money after refunds made once its money was paid out (owedCentsSql): the debt would have nobody to settle it.
 */
export async function assertNoMoneyOutstanding(userId: string, handle?: DbOrTx): Promise<void> {
  const db = handle ?? (await getDb());
  const organisationIds = await soleOwnedOrganisations(db, userId);
  const rows = await db
    .select({
      name: campaigns.name,
      currencyId: campaignSettings.currencyId,
      fundsCents: fundsAvailableCentsSql,
      owedCents: owedCentsSql,
      payoutWaiting: payoutWaitingSql,
    })
    .from(campaigns)
    .leftJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
    .where(
      or(
        eq(campaigns.ownerId, userId),
        organisationIds.length > 0 ? inArray(campaigns.organisationId, organisationIds) : sql`false`,
      ),
    );
  const owing = rows.find((row) => row.owedCents > 0);
  if (owing)
    throw conflict(
      `Your account cannot be deleted yet: the campaign “${owing.name}” owes ` +
        `${formatMoney(fromCents(owing.owedCents), owing.currencyId ?? 1)} after refunds made once its money was paid out. ` +
        'Please contact support to settle it, then delete your account.',
    );
  const waiting = rows.find((row) => row.fundsCents > 0 || row.payoutWaiting);
  if (!waiting) return;
  const what =
    waiting.fundsCents > 0
      ? `${formatMoney(fromCents(waiting.fundsCents), waiting.currencyId ?? 1)} available for payout`
      : 'a payout that has not been paid yet';
  throw conflict(
    `Your account cannot be deleted yet: the campaign “${waiting.name}” has ${what}. ` +
      'Request the payout (or wait for it to be paid), then delete your account. Questions: contact support.',
  );
}
