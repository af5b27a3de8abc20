import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { CampaignFundingInfo, OrganisationFundingInfo } from '~/lib/contracts/payouts';
import { Currency } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { effectiveStatusSql, paidOutCentsSql, raisedCentsSql } from '~/lib/server/campaigns/cards';
import { campaignOwnershipColumns } from '~/lib/server/campaigns/selections';
import { getDb } from '~/lib/server/db';
import { campaignSettings, campaigns, currencies } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { env } from '~/lib/server/platform/env';
import { findCampaignForMoney, findOrganisationForMoney } from './access';
import { loadBankingStatus } from './banking';
import { feesCentsSql, fundsAvailableCentsSql, owedCentsSql } from './funds';

/** A campaign's money in cents of its own currency, read with the one rule of funds.ts. */
export interface CampaignFunds {
  id: string;
  name: string;
  url: string;
  ownerId: string;
  organisationId: string | null;
  fundingType: number;
  /** The effective status: an active campaign past its end date reads Expired. */
  status: number;
  currency: CampaignFundingInfo['currency'];
  received: number;
  fees: number;
  available: number;
  paidOut: number;
  /** What the campaign owes after refunds made once its money was paid out (cents; 0 when nothing). */
  owed: number;
  /** Staff hold its payouts (a report under review): why, else null. */
  payoutsHeldReason: string | null;
}

/** Cents of `currencyId` in rand cents (USD_TO_ZAR_RATE for dollars). */
export function toRandCents(cents: number, currencyId: number): number {
  return currencyId === Currency.Dollar ? Math.round(cents * env.payments.usdToZarRate) : cents;
}

/** The funds of the campaigns `where` selects, oldest first (inside a transaction when given one). */
export async function loadCampaignFunds(where: SQL, db?: DbOrTx): Promise<CampaignFunds[]> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select({
      ...campaignOwnershipColumns,
      name: campaigns.name,
      url: campaigns.url,
      status: effectiveStatusSql,
      currencyId: currencies.id,
      ticker: currencies.ticker,
      symbol: currencies.symbol,
      locale: currencies.locale,
      received: raisedCentsSql,
      fees: feesCentsSql,
      available: fundsAvailableCentsSql,
      paidOut: paidOutCentsSql,
      owed: owedCentsSql,
      payoutsHeldAt: campaignSettings.payoutsHeldAt,
      payoutsHeldReason: campaignSettings.payoutsHeldReason,
    })
    .from(campaigns)
    .leftJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
    .innerJoin(currencies, sql`${currencies.id} = coalesce(${campaignSettings.currencyId}, ${Currency.Rand})`)
    .where(where)
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id));
  return rows.map(({ currencyId, ticker, symbol, locale, payoutsHeldAt, payoutsHeldReason, ...row }) => ({
    ...row,
    payoutsHeldReason: payoutsHeldAt ? (payoutsHeldReason ?? '') : null,
    currency: { id: currencyId, ticker, symbol, locale },
  }));
}

/** The wire shape of one campaign's funds; `payoutAmount` is always 0 (the browser fills it in). */
export function fundingInfoOf(funds: CampaignFunds, bankingDetailStatus: number | null): CampaignFundingInfo {
  return {
    id: funds.id,
    name: funds.name,
    url: funds.url,
    fundingType: funds.fundingType,
    status: funds.status,
    currency: funds.currency,
    totalFundsReceived: fromCents(funds.received),
    feesTotal: fromCents(funds.fees),
    totalFundsAvailable: fromCents(funds.available),
    payoutTotalRand: fromCents(toRandCents(funds.paidOut, funds.currency.id)),
    payoutTotal: fromCents(funds.paidOut),
    payoutAmount: 0,
    bankingDetailStatus,
    organisationId: funds.organisationId,
    owedAmount: fromCents(funds.owed),
    payoutsHeldReason: funds.payoutsHeldReason,
  };
}

/** `GET /campaigns/{id}/funding`: the campaign's owner, its organisation's Owners and Admins, platform admins. */
export async function getCampaignFunding(user: SessionUser, id: string): Promise<CampaignFundingInfo> {
  const campaign = await findCampaignForMoney(user, id);
  const [[funds], banking] = await Promise.all([
    loadCampaignFunds(sql`"campaigns"."id" = ${campaign.id}`),
    loadBankingStatus({ campaignId: campaign.id }),
  ]);
  if (!funds) throw new Error(`Campaign ${campaign.id} vanished while reading its funds`);
  return fundingInfoOf(funds, banking?.status ?? null);
}

/**
 * `GET /organizations/{id}/funding`: every campaign of the organisation with its funds,
 * and the totals in rand. Its Owners and Admins, platform admins.
 */
export async function getOrganisationFunding(
  user: SessionUser,
  id: string,
): Promise<OrganisationFundingInfo> {
  const organisation = await findOrganisationForMoney(user, id);
  const [funds, banking] = await Promise.all([
    loadCampaignFunds(sql`"campaigns"."organisation_id" = ${organisation.id}`),
    loadBankingStatus({ organisationId: organisation.id }),
  ]);
  const randSum = (pick: (f: CampaignFunds) => number) =>
    funds.reduce((sum, f) => sum + toRandCents(pick(f), f.currency.id), 0);
  return {
    organisationId: organisation.id,
    legalName: organisation.legalName,
    campaignFundingInfo: funds.map((f) => fundingInfoOf(f, banking?.status ?? null)),
    campaignTotals: {
      totalAvailableForPayout: fromCents(randSum((f) => f.available)),
      payoutTotal: fromCents(randSum((f) => f.paidOut)),
    },
    bankingDetailStatus: banking?.status ?? null,
  };
}
