import type { PayoutCreated } from '~/lib/contracts/payouts';
import { FundingType } from '~/lib/enums';
import { toCents } from '~/lib/money';
import { PAYOUT_TIP_DEFAULTS, type PayoutRequestInput } from '~/lib/schemas/payout';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import type { Tx } from '~/lib/server/db/types';
import { badRequest, forbidden } from '~/lib/server/http/errors';
import { metrics } from '~/lib/server/platform/metrics';
import { managesOrganisationMoney, PAYOUT_ACCESS_MESSAGES } from './access';
import { acceptedBankingDetailId, type BankingOwner } from './banking';
import type { CampaignFunds } from './funding';
import { assertMinimumPayout, assertWithinFunds, lockCampaignFunds, type PayoutShare } from './fundsLock';
import { insertPayout } from './insertPayout';
import { mailPayoutRequested } from './payoutMail';

export const PAYOUT_REQUEST_MESSAGES = {
  bluetick:
    'A Bluetick campaign is paid out with the Bluetick payout form (an invoice or your banking details).',
  oneOrganisation: 'All the campaigns of a payout must belong to one organisation.',
  oneCurrency: 'Rand and dollar campaigns are paid out separately. Please request one currency at a time.',
} as const;

/** Who receives the money: the campaign's own banking details, or its organisation's. */
type Payee = { kind: 'campaign'; campaignId: string } | { kind: 'organisation'; organisationId: string };

/**
 * The rule of docs/api/payouts.md "Who may request": several entries are an organisation's
 * payout (its Owners and Admins, platform admins); one entry is the organisation's when the
 * campaign belongs to one (the same people), otherwise the campaign owner's own. 403 else.
 */
async function payeeOf(
  user: SessionUser,
  funds: readonly CampaignFunds[],
  entries: number,
  tx: Tx,
): Promise<Payee> {
  const organisationIds = new Set(funds.map((f) => f.organisationId));
  const [organisationId] = organisationIds;
  const [only] = funds;
  if (entries > 1) {
    if (organisationIds.size !== 1 || !organisationId)
      throw badRequest(PAYOUT_REQUEST_MESSAGES.oneOrganisation);
    if (!(await managesOrganisationMoney(user, organisationId, tx)))
      throw forbidden(PAYOUT_ACCESS_MESSAGES.organisation);
    return { kind: 'organisation', organisationId };
  }
  // Money raised for an organisation is the organisation's, whoever runs the campaign (a
  // champion, say): only its Owners and Admins request it, to its banking details.
  if (only?.organisationId) {
    if (!(await managesOrganisationMoney(user, only.organisationId, tx)))
      throw forbidden(PAYOUT_ACCESS_MESSAGES.organisationCampaign);
    return { kind: 'organisation', organisationId: only.organisationId };
  }
  if (only && (only.ownerId === user.id || user.role === 'admin'))
    return { kind: 'campaign', campaignId: only.id };
  throw forbidden(PAYOUT_ACCESS_MESSAGES.campaign);
}

/**
 * `POST /payouts/`: a Pending payout of non-Bluetick campaigns to the accepted banking
 * details of the campaign or its organisation, never more than each campaign's funds
 * available, also when requests arrive at once (one transaction under the campaigns' lock).
 */
export async function requestPayout(user: SessionUser, input: PayoutRequestInput): Promise<PayoutCreated> {
  const shares: PayoutShare[] = input.campaignFundingInfo
    .map((entry) => ({ campaignId: entry.id, cents: toCents(entry.payoutAmount) }))
    .filter((share) => share.cents > 0);
  const db = await getDb();
  const payout = await db.transaction(async (tx) => {
    const funds = await lockCampaignFunds(
      tx,
      input.campaignFundingInfo.map((e) => e.id),
    );
    const payee = await payeeOf(user, funds, input.campaignFundingInfo.length, tx);
    if (funds.some((f) => f.fundingType === FundingType.Bluetick))
      throw badRequest(PAYOUT_REQUEST_MESSAGES.bluetick);
    const drawn = funds.filter((f) => shares.some((s) => s.campaignId === f.id));
    if (new Set(drawn.map((f) => f.currency.id)).size > 1)
      throw badRequest(PAYOUT_REQUEST_MESSAGES.oneCurrency);
    const owner: BankingOwner =
      payee.kind === 'campaign' ? { campaignId: payee.campaignId } : { organisationId: payee.organisationId };
    const bankingDetailId = await acceptedBankingDetailId(owner, tx);
    assertWithinFunds(shares, funds);
    const currencyId = drawn[0]?.currency.id ?? 1;
    assertMinimumPayout(shares, funds, currencyId);
    const created = await insertPayout(tx, {
      requestedById: user.id,
      organisationId: payee.kind === 'organisation' ? payee.organisationId : null,
      campaignId: payee.kind === 'campaign' ? payee.campaignId : null,
      currencyId,
      shares,
      tipPercentage: input.tipPercentage ?? PAYOUT_TIP_DEFAULTS[payee.kind],
      payoutOption: null,
      description: input.description,
      notes: input.notes,
      bankingDetailId,
    });
    await mailPayoutRequested(tx, user, created);
    return created;
  });
  metrics.payouts.inc({ status: 'pending' });
  return payout;
}
