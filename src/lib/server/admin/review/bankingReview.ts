import { and, eq } from 'drizzle-orm';
import type { AdminReview, ReviewContact } from '~/lib/contracts/adminReview';
import { getDb } from '~/lib/server/db';
import { bankingDetails, payouts } from '~/lib/server/db/schema';
import { bankingOnWire, bankingView, campaignSignals, userContact } from './evidence';
import { organisationEvidence } from './organisationEvidence';
import {
  bankingDocuments,
  campaignDocumentList,
  campaignFacts,
  numbersOf,
  organisationFacts,
  organisationSection,
} from './subjects';

/** The review of banking details awaiting a decision; null for unknown details. */
export async function bankingReview(id: string): Promise<AdminReview | null> {
  const banking = await bankingView(id);
  if (!banking) return null;
  const db = await getDb();
  const [row] = await db
    .select({ submittedById: bankingDetails.submittedById })
    .from(bankingDetails)
    .where(eq(bankingDetails.id, banking.id));
  const submitter = await userContact(row?.submittedById ?? null, 'Submitted by');
  const bankingDocs = await bankingDocuments(banking.id);
  const base: BankingReviewBase = {
    queue: 'bankingDetails',
    id: banking.id,
    title: `${banking.accountHolderName}, ${banking.bankName ?? 'bank not named'}`,
    since: banking.submittedAt,
    answers: [],
    banking: bankingOnWire(banking),
    payout: null,
  };
  return banking.organisationId
    ? organisationBankingReview(banking, banking.organisationId, base, submitter, bankingDocs)
    : campaignBankingReview(banking, base, submitter, bankingDocs);
}

type BankingReviewBase = Pick<
  AdminReview,
  'queue' | 'id' | 'title' | 'since' | 'answers' | 'banking' | 'payout'
>;
type Banking = NonNullable<Awaited<ReturnType<typeof bankingView>>>;
type Documents = Awaited<ReturnType<typeof bankingDocuments>>;

/** An organisation's account: checked against the organisation's names, with its documents. */
async function organisationBankingReview(
  banking: Banking,
  organisationId: string,
  base: BankingReviewBase,
  submitter: ReviewContact | null,
  bankingDocs: Documents,
): Promise<AdminReview> {
  const organisation = await organisationFacts(organisationId);
  const evidence = await organisationEvidence(organisation, banking);
  return {
    ...base,
    ...evidence,
    href: organisation ? `/organization/${organisation.url}` : null,
    contacts: [submitter, ...evidence.contacts].filter((c): c is ReviewContact => c !== null),
    fundingType: null,
    documents: [...evidence.documents, ...bankingDocs],
  };
}

/** A campaign's account (or a supplier's, for a Bluetick invoice payout): checked against the owner's names. */
async function campaignBankingReview(
  banking: Banking,
  base: BankingReviewBase,
  submitter: ReviewContact | null,
  bankingDocs: Documents,
): Promise<AdminReview> {
  const db = await getDb();
  const [campaign] = await campaignFacts(banking.campaignId ? [banking.campaignId] : []);
  const owner = campaign ? await userContact(campaign.ownerId, 'Campaign owner') : null;
  const organisation = await organisationFacts(campaign?.organisationId ?? null);
  // A supplier's account sent with a Bluetick invoice payout is rightly in another name.
  const [invoice] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.bankingDetailId, banking.id), eq(payouts.payoutOption, 'invoice')))
    .limit(1);
  return {
    ...base,
    href: campaign ? `/campaign/${campaign.url}` : null,
    contacts: [owner, submitter?.email === owner?.email ? null : submitter].filter(
      (c): c is ReviewContact => c !== null,
    ),
    fundingType: campaign?.fundingTypeLabel ?? null,
    organisation: organisationSection(organisation),
    numbers: [
      ...numbersOf(banking, organisation),
      ...(invoice ? [{ label: 'Account of', value: 'A supplier, for an invoice payout' }] : []),
    ],
    documents: [...(campaign ? await campaignDocumentList(campaign.id) : []), ...bankingDocs],
    signals: await campaignSignals(
      invoice ? null : banking,
      campaign ? [campaign.id] : [],
      owner?.name ?? null,
      organisation?.name ?? null,
    ),
  };
}
