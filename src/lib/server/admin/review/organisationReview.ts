import { eq } from 'drizzle-orm';
import type { AdminReview, ReviewFact } from '~/lib/contracts/adminReview';
import { getDb } from '~/lib/server/db';
import { organisationVerifications } from '~/lib/server/db/schema';
import { bankingOnWire, bankingView } from './evidence';
import { organisationEvidence } from './organisationEvidence';
import { bankingDocuments, newestBankingId, organisationFacts } from './subjects';

const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');

/** The questionnaire as staff read it, question by question (empty answers left out). */
async function questionnaireOf(
  organisationId: string,
): Promise<{ answers: ReviewFact[]; since: Date | null }> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(organisationVerifications)
    .where(eq(organisationVerifications.organisationId, organisationId));
  if (!row) return { answers: [], since: null };
  const answers: [string, string | null][] = [
    ['Has full-time staff', yesNo(row.hasFulltimeStaff)],
    ['Has crowdfunded before', yesNo(row.hasCrowdfundedBefore)],
    ['Has used events before', yesNo(row.hasUsedEventsBefore)],
    ['Receives support', yesNo(row.receivesSupport)],
    ['Support received', row.receivedSupportDetails],
    ['Help required', row.helpRequired],
    ['Regular number of donors', row.regularNumberOfDonors],
    ['Earlier crowdfunding links', row.crowdFundingLinks],
    ['Support partners', row.supportPartners],
  ];
  return {
    answers: answers.flatMap(([label, value]) => (value?.trim() ? [{ label, value }] : [])),
    since: row.submittedAt,
  };
}

/** The review of an organisation awaiting verification; null for an unknown organisation. */
export async function organisationReview(id: string): Promise<AdminReview | null> {
  const organisation = await organisationFacts(id);
  if (!organisation) return null;
  const [questionnaire, banking] = await Promise.all([
    questionnaireOf(organisation.id),
    newestBankingId({ organisationId: organisation.id }).then(bankingView),
  ]);
  const evidence = await organisationEvidence(organisation, banking);
  return {
    ...evidence,
    queue: 'organisationVerifications',
    id: organisation.id,
    title: organisation.name,
    href: `/organization/${organisation.url}`,
    since: (questionnaire.since ?? new Date(0)).toISOString(),
    fundingType: null,
    documents: [...evidence.documents, ...(banking ? await bankingDocuments(banking.id) : [])],
    answers: questionnaire.answers,
    banking: bankingOnWire(banking),
    payout: null,
  };
}
