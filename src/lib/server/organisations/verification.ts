import { eq } from 'drizzle-orm';
import type { MyOrganisationView } from '~/lib/contracts/organisations';
import {
  ORGANISATION_VERIFICATION_LIMITS,
  ORGANISATION_VERIFICATION_MESSAGES,
  type OrganisationVerificationInput,
} from '~/lib/schemas/organisationVerification';
import type { SessionUser } from '~/lib/server/accounts/session';
import { discardFiles } from '~/lib/server/campaigns/images';
import { bankingSubmission, refuseFormerBank, saveDocuments } from '~/lib/server/campaigns/verification';
import { throwFieldErrors } from '~/lib/server/campaigns/writes';
import { getDb } from '~/lib/server/db';
import {
  bankingDetails,
  organisationVerificationDocuments,
  organisationVerifications,
} from '~/lib/server/db/schema';
import type { FieldErrors } from '~/lib/server/http/errors';
import { recordAudit } from '~/lib/server/platform/audit';
import { findOrganisationFor } from './access';
import { getOrganisationForManagers } from './myOrganisation';

export interface OrganisationVerificationFiles {
  legalDocument: readonly File[];
  supportDocuments: readonly File[];
}

const M = ORGANISATION_VERIFICATION_MESSAGES;

/**
 * `PATCH /organizations/{id}/verification` (Owners only: the banking details
 * decide where the organisation's money goes). Saves the questionnaire, adds
 * a new banking submission (Pending until staff decide) and the documents: the
 * legal document is required the first time, a new one replaces the old, and
 * new supporting documents (at most 5) replace the old ones. Answers the
 * managers' view.
 */
export async function submitOrganisationVerification(
  user: SessionUser,
  id: string,
  input: OrganisationVerificationInput,
  files: OrganisationVerificationFiles,
): Promise<MyOrganisationView> {
  const { organisation } = await findOrganisationFor(user, id, 'submitVerification');
  const db = await getDb();
  const [current] = await db
    .select({ legalDocumentFileId: organisationVerifications.legalDocumentFileId })
    .from(organisationVerifications)
    .where(eq(organisationVerifications.organisationId, organisation.id));
  const problems: FieldErrors = {};
  if (files.legalDocument.length > 1) problems.legalDocument = [M.oneLegalDocument];
  else if (files.legalDocument.length === 0 && !current?.legalDocumentFileId) {
    problems.legalDocument = [M.legalDocumentRequired];
  }
  if (files.supportDocuments.length > ORGANISATION_VERIFICATION_LIMITS.supportDocuments) {
    problems.supportDocuments = [M.tooManySupportDocuments];
  }
  throwFieldErrors(problems);
  await refuseFormerBank(input.bankingDetails, { organisationId: organisation.id }, db);
  const [legal] = await saveDocuments(files.legalDocument, user.id);
  let support: string[] = [];
  try {
    support = await saveDocuments(files.supportDocuments, user.id);
  } catch (error) {
    await discardFiles(legal ? [legal] : []);
    throw error;
  }
  const fresh = [...(legal ? [legal] : []), ...support];
  let replaced: string[] = [];
  try {
    replaced = await db.transaction(async (tx) => {
      const a = input.verification;
      const answers = {
        hasFulltimeStaff: a.hasFulltimeStaff,
        hasCrowdfundedBefore: a.hasCrowdfundedBefore,
        hasUsedEventsBefore: a.hasUsedEventsBefore,
        receivesSupport: a.recievesSupport,
        receivedSupportDetails: a.recievesSupport ? a.recievedSupportDetails : null,
        helpRequired: a.helpRequired,
        regularNumberOfDonors: a.regularNumberOfDonors,
        crowdFundingLinks: a.crowdFundingLinks,
        supportPartners: a.supportPartners,
        submittedAt: new Date(),
        ...(legal ? { legalDocumentFileId: legal } : {}),
      };
      await tx
        .insert(organisationVerifications)
        .values({ organisationId: organisation.id, ...answers })
        .onConflictDoUpdate({ target: organisationVerifications.organisationId, set: answers });
      await tx.insert(bankingDetails).values({
        organisationId: organisation.id,
        ...(await bankingSubmission(input.bankingDetails, user.id, tx)),
      });
      const old: string[] = [];
      if (legal && current?.legalDocumentFileId) old.push(current.legalDocumentFileId);
      if (support.length > 0) {
        const gone = await tx
          .delete(organisationVerificationDocuments)
          .where(eq(organisationVerificationDocuments.organisationId, organisation.id))
          .returning({ fileId: organisationVerificationDocuments.fileId });
        old.push(...gone.map((g) => g.fileId));
        await tx
          .insert(organisationVerificationDocuments)
          .values(support.map((fileId) => ({ organisationId: organisation.id, fileId })));
      }
      await recordAudit(
        {
          actorId: user.id,
          action: 'organisation-verification',
          entity: 'organisation',
          entityId: organisation.id,
        },
        tx,
      );
      return old;
    });
  } catch (error) {
    await discardFiles(fresh);
    throw error;
  }
  await discardFiles(replaced);
  return getOrganisationForManagers(user, organisation.id);
}
