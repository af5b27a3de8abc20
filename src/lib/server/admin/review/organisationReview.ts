import { eq } from 'drizzle-orm';
import type { AdminReview, ReviewFact } from '~/lib/contracts/adminReview';
import { getDb } from '~/lib/server/db';
import { organisationVerifications } from '~/lib/server/db/schema';
import { bankingOnWire, bankingView, holderNameSignal, sharedAccountSignal } from './evidence';
import {
  bankingDocuments,
  newestBankingId,
  numbersOf,
  organisationDocuments,
  organisationFacts,
  organisationOwnerContacts,
  organisationSection,
} from './subjects';

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
  const [questionnaire, owners, documents, banking] = await Promise.all([
    questionnaireOf(organisation.id),
    organisationOwnerContacts(organisation.id),
    organisationDocuments(organisation.id, organisation.s18CertificateFileId),
    newestBankingId({ organisationId: organisation.id }).then(bankingView),
  ]);
  const signals = banking
    ? [
        holderNameSignal(banking.accountHolderName, [
          { whose: 'organisation', name: organisation.name },
          { whose: 'organisation (other name)', name: organisation.otherName },
        ]),
        await sharedAccountSignal(banking),
      ]
    : [];
  return {
    queue: 'organisationVerifications',
    id: organisation.id,
    title: organisation.name,
    href: `/organization/${organisation.url}`,
    since: (questionnaire.since ?? new Date(0)).toISOString(),
    contacts: [...(organisation.mainContact ? [organisation.mainContact] : []), ...owners],
    fundingType: null,
    organisation: organisationSection(organisation),
    numbers: numbersOf(banking, organisation),
    documents: [...documents, ...(banking ? await bankingDocuments(banking.id) : [])],
    answers: questionnaire.answers,
    banking: bankingOnWire(banking),
    payout: null,
    signals: signals.filter((s): s is string => s !== null),
  };
}
