import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PayoutView } from '~/lib/contracts/payouts';
import { fromCents } from '~/lib/money';
import { getDb } from '~/lib/server/db';
import { campaigns, currencies, payoutItems, payouts } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';

/** The payouts `where` selects, newest first, as their requester and staff read them. */
export async function loadPayoutViews(
  where: SQL,
  page: { limit: number; offset: number } = { limit: 100, offset: 0 },
  db?: DbOrTx,
): Promise<PayoutView[]> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select({ payout: payouts, currency: currencies })
    .from(payouts)
    .innerJoin(currencies, eq(currencies.id, payouts.currencyId))
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length === 0) return [];
  const items = await conn
    .select({
      payoutId: payoutItems.payoutId,
      campaignId: payoutItems.campaignId,
      campaignName: campaigns.name,
      amount: payoutItems.amount,
    })
    .from(payoutItems)
    .innerJoin(campaigns, eq(campaigns.id, payoutItems.campaignId))
    .where(
      inArray(
        payoutItems.payoutId,
        rows.map((r) => r.payout.id),
      ),
    )
    .orderBy(asc(payoutItems.createdAt), asc(campaigns.name));
  return rows.map(({ payout: p, currency }) => ({
    id: p.id,
    date: p.createdAt.toISOString(),
    status: p.status,
    amount: fromCents(p.amount),
    currency: { id: currency.id, ticker: currency.ticker, symbol: currency.symbol, locale: currency.locale },
    tipPercentage: p.tipPercentage,
    tipAmount: fromCents(p.tipAmount),
    payoutOption: p.payoutOption,
    description: p.description,
    notes: p.notes,
    reason: p.declineReason,
    reference: p.bankReference,
    campaignId: p.campaignId,
    organisationId: p.organisationId,
    items: items
      .filter((i) => i.payoutId === p.id)
      .map((i) => ({ campaignId: i.campaignId, campaignName: i.campaignName, amount: fromCents(i.amount) })),
  }));
}

/** One payout as `loadPayoutViews` reads it, or null. */
export async function loadPayoutView(id: string, db?: DbOrTx): Promise<PayoutView | null> {
  const [view] = await loadPayoutViews(eq(payouts.id, id), { limit: 1, offset: 0 }, db);
  return view ?? null;
}
