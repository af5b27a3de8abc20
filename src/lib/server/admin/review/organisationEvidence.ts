import type { AdminReview, ReviewContact } from '~/lib/contracts/adminReview';
import { holderNameSignal, type ReviewBankingRow, sharedAccountSignal } from './evidence';
import {
  numbersOf,
  type OrganisationFacts,
  organisationDocuments,
  organisationOwnerContacts,
  organisationSection,
} from './subjects';

/**
 * What a review shows of an organisation and an account it banks with (the organisation's
 * verification review, or the review of banking details it submitted): its section and numbers,
 * its main contact and Owners, its documents, and whether the account looks like its own.
 */
export async function organisationEvidence(
  organisation: OrganisationFacts | null,
  banking: ReviewBankingRow | null,
): Promise<Pick<AdminReview, 'organisation' | 'numbers' | 'contacts' | 'documents' | 'signals'>> {
  const [owners, documents, sharedAccount] = await Promise.all([
    organisation ? organisationOwnerContacts(organisation.id) : [],
    organisation ? organisationDocuments(organisation.id, organisation.s18CertificateFileId) : [],
    banking ? sharedAccountSignal(banking) : null,
  ]);
  const signals = banking
    ? [
        holderNameSignal(banking.accountHolderName, [
          { whose: 'organisation', name: organisation?.name ?? null },
          { whose: 'organisation (other name)', name: organisation?.otherName ?? null },
        ]),
        sharedAccount,
      ]
    : [];
  return {
    organisation: organisationSection(organisation),
    numbers: numbersOf(banking, organisation),
    contacts: [organisation?.mainContact ?? null, ...owners].filter((c): c is ReviewContact => c !== null),
    documents,
    signals: signals.filter((s): s is string => s !== null),
  };
}
