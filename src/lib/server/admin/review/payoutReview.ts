import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AdminReview, ReviewContact, ReviewEarlierPayout } from '~/lib/contracts/adminReview';
import { formatMoney, fromCents } from '~/lib/money';
import { getDb } from '~/lib/server/db';
import { withPayoutOwner } from '~/lib/server/db/joins';
import {
  bankingDetails,
  campaigns,
  currencies,
  organisations,
  payoutItems,
  payouts,
} from '~/lib/server/db/schema';
import { loadCampaignFunds } from '~/lib/server/payouts/funding';
import {
  bankingOnWire,
  bankingView,
  campaignSignals,
  documentsOf,
  holderNameSignal,
  PAYOUT_STATUS_LABELS,
  type ReviewBankingRow,
  sharedAccountSignal,
  userContact,
} from './evidence';
import {
  bankingDocuments,
  campaignFacts,
  numbersOf,
  organisationFacts,
  organisationOwnerContacts,
  organisationSection,
} from './subjects';

const EARLIER_PAYOUTS = 10;

/** Payouts before this one to the same account (same bank and account number), newest first. */
async function earlierPayoutsTo(banking: ReviewBankingRow, payoutId: string): Promise<ReviewEarlierPayout[]> {
  const db = await getDb();
  const rows = await withPayoutOwner(
    db
      .select({
        id: payouts.id,
        amount: payouts.amount,
        ticker: currencies.ticker,
        status: payouts.status,
        legalName: organisations.legalName,
        campaignName: campaigns.name,
        createdAt: payouts.createdAt,
        paidAt: payouts.paidAt,
      })
      .from(payouts)
      .$dynamic(),
  )
    .innerJoin(bankingDetails, eq(bankingDetails.id, payouts.bankingDetailId))
    .where(
      and(
        ne(payouts.id, payoutId),
        eq(bankingDetails.accountNumber, banking.accountNumber),
        sql`lower(coalesce(nullif(${bankingDetails.bankNameAlt}, ''), ${bankingDetails.bankName}, '')) = lower(${banking.bankName ?? ''})`,
      ),
    )
    .orderBy(desc(payouts.createdAt))
    .limit(EARLIER_PAYOUTS);
  return rows.map((r) => ({
    id: r.id,
    amount: fromCents(r.amount),
    currencyTicker: r.ticker,
    status: r.status,
    statusLabel: PAYOUT_STATUS_LABELS[r.status] ?? 'Unknown',
    forName: r.legalName ?? r.campaignName ?? 'Payout',
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
  }));
}

/** An organisation's payout: its account checked against the organisation's names, and its campaigns' signals. */
async function organisationPayoutSignals(
  organisation: NonNullable<Awaited<ReturnType<typeof organisationFacts>>>,
  banking: Awaited<ReturnType<typeof bankingView>>,
  campaignIds: string[],
): Promise<string[]> {
  const account = banking
    ? [
        holderNameSignal(banking.accountHolderName, [
          { whose: 'organisation', name: organisation.name },
          { whose: 'organisation (other name)', name: organisation.otherName },
        ]),
        await sharedAccountSignal(banking),
      ]
    : [];
  return [...account, ...(await campaignSignals(null, campaignIds, null, null))].filter(
    (s): s is string => s !== null,
  );
}

/** Whom a payout is for: the organisation, else its one campaign. */
function whoIsPaid(
  organisation: Awaited<ReturnType<typeof organisationFacts>>,
  single: Awaited<ReturnType<typeof campaignFacts>>[number] | undefined,
): Pick<AdminReview, 'title' | 'href' | 'fundingType'> {
  if (organisation)
    return { title: organisation.name, href: `/organization/${organisation.url}`, fundingType: null };
  if (single)
    return {
      title: single.name,
      href: `/campaign/${single.url}`,
      fundingType: single.fundingTypeLabel ?? null,
    };
  return { title: 'Payout', href: null, fundingType: null };
}

/** The review of a payout waiting to be accepted or paid; null for an unknown payout. */
export async function payoutReview(id: string): Promise<AdminReview | null> {
  const db = await getDb();
  const [payout] = await db
    .select({
      id: payouts.id,
      organisationId: payouts.organisationId,
      campaignId: payouts.campaignId,
      requestedById: payouts.requestedById,
      status: payouts.status,
      amount: payouts.amount,
      ticker: currencies.ticker,
      option: payouts.payoutOption,
      description: payouts.description,
      notes: payouts.notes,
      bankingDetailId: payouts.bankingDetailId,
      documentFileId: payouts.documentFileId,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .innerJoin(currencies, eq(currencies.id, payouts.currencyId))
    .where(eq(payouts.id, id));
  if (!payout) return null;
  const items = await db
    .select({ campaignId: payoutItems.campaignId, amount: payoutItems.amount })
    .from(payoutItems)
    .where(eq(payoutItems.payoutId, payout.id));
  const campaignIds = [
    ...new Set([...(payout.campaignId ? [payout.campaignId] : []), ...items.map((i) => i.campaignId)]),
  ];
  const [facts, funds, banking, requester, organisation] = await Promise.all([
    campaignFacts(campaignIds),
    campaignIds.length > 0 ? loadCampaignFunds(inArray(campaigns.id, campaignIds)) : Promise.resolve([]),
    bankingView(payout.bankingDetailId),
    userContact(payout.requestedById, 'Requested by'),
    organisationFacts(payout.organisationId),
  ]);
  const name = (campaignId: string): string => facts.find((f) => f.id === campaignId)?.name ?? 'A campaign';
  const [single] = facts;
  const owner = !organisation && single ? await userContact(single.ownerId, 'Campaign owner') : null;
  const owners = organisation ? await organisationOwnerContacts(organisation.id) : [];
  const contacts = [requester, owner?.email === requester?.email ? null : owner, ...owners].filter(
    (c): c is ReviewContact => c !== null,
  );
  const owing = funds.filter((f) => f.owed > 0);
  const signals = [
    ...owing.map(
      (f) =>
        `"${f.name}" owes ${formatMoney(fromCents(f.owed), f.currency)} after refunds made once its money was paid out: this payout cannot be marked paid until that is settled.`,
    ),
    ...(organisation
      ? await organisationPayoutSignals(organisation, banking, campaignIds)
      : await campaignSignals(
          payout.option === 'invoice' ? null : banking,
          campaignIds,
          owner?.name ?? null,
          (await organisationFacts(single?.organisationId ?? null))?.name ?? null,
        )),
  ];
  return {
    queue: 'payouts',
    id: payout.id,
    ...whoIsPaid(organisation, single),
    since: payout.createdAt.toISOString(),
    contacts,
    organisation: organisationSection(organisation),
    numbers: numbersOf(banking, organisation),
    documents: [
      ...(await documentsOf([{ fileId: payout.documentFileId, label: 'Invoice' }])),
      ...(banking ? await bankingDocuments(banking.id) : []),
    ],
    answers: [],
    banking: null,
    payout: {
      amount: fromCents(payout.amount),
      currencyTicker: payout.ticker,
      status: payout.status,
      statusLabel: PAYOUT_STATUS_LABELS[payout.status] ?? 'Unknown',
      option: payout.option,
      description: payout.description,
      notes: payout.notes,
      fundsAvailable: fromCents(funds.reduce((sum, f) => sum + f.available, 0)),
      owed: owing.map((f) => ({ campaignName: f.name, amount: fromCents(f.owed) })),
      items: items.map((i) => ({ campaignName: name(i.campaignId), amount: fromCents(i.amount) })),
      destination: bankingOnWire(banking),
      earlierPayouts: banking ? await earlierPayoutsTo(banking, payout.id) : [],
    },
    signals,
  };
}
