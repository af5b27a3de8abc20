import { eq } from 'drizzle-orm';
import type { AdminDecision } from '~/lib/contracts/admin';
import type { AdminDecisionInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { organisations, organisationVerifications } from '~/lib/server/db/schema';
import { verificationRefusal } from './bankingDecision';
import { ADMIN_API_MESSAGES as M } from './messages';
import { organisationOwners } from './notify';
import { decideVerification } from './verificationDecision';

/**
 * `PATCH /admin/organizations/{id}/verification`: accepts or rejects the
 * organisation's verification (organisations.isVerified and its questionnaire
 * row), with the questionnaire row locked. Its banking details are not touched:
 * staff decide them on their own in the banking details queue. One audit entry;
 * the Owners are mailed.
 */
export function decideOrganisationVerification(
  admin: SessionUser,
  id: string,
  input: AdminDecisionInput,
): Promise<AdminDecision> {
  return decideVerification(admin, id, input, {
    notFound: M.organisationNotFound,
    load: async (tx, organisationId) => {
      const [organisation] = await tx
        .select({
          id: organisations.id,
          legalName: organisations.legalName,
          url: organisations.url,
          isVerified: organisations.isVerified,
        })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      if (!organisation) return null;
      const [request] = await tx
        .select({
          submittedAt: organisationVerifications.submittedAt,
          reviewedAt: organisationVerifications.reviewedAt,
          rejectionReason: organisationVerifications.rejectionReason,
        })
        .from(organisationVerifications)
        .where(eq(organisationVerifications.organisationId, organisation.id))
        .for('update');
      return { organisation, request: request ?? null };
    },
    refusal: ({ request }) => verificationRefusal(request?.submittedAt ?? null, request?.reviewedAt ?? null),
    apply: async (tx, { organisation, request }, { at, reason }) => {
      await tx
        .update(organisationVerifications)
        .set({
          isVerified: input.accepted,
          reviewedAt: at,
          reviewedById: admin.id,
          rejectionReason: reason,
        })
        .where(eq(organisationVerifications.organisationId, organisation.id));
      await tx
        .update(organisations)
        .set({ isVerified: input.accepted })
        .where(eq(organisations.id, organisation.id));
      return {
        audit: {
          action: input.accepted
            ? 'admin-organisation-verification-accept'
            : 'admin-organisation-verification-reject',
          entity: 'organisation',
          entityId: organisation.id,
          before: {
            isVerified: organisation.isVerified,
            rejectionReason: request?.rejectionReason ?? null,
          },
          after: { isVerified: input.accepted, rejectionReason: reason },
        },
        outcome: null,
      };
    },
    subject: ({ organisation }) => ({
      kind: 'organisation',
      id: organisation.id,
      name: organisation.legalName,
      url: organisation.url,
    }),
    recipients: (tx, { organisation }) => organisationOwners(organisation.id, tx),
  });
}
