import { eq } from 'drizzle-orm';
import type { AdminDecision } from '~/lib/contracts/admin';
import type { AdminDecisionInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { bankingDetails, organisations, organisationVerifications } from '~/lib/server/db/schema';
import { badRequest, conflict, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { recordAudit } from '~/lib/server/platform/audit';
import { applyBankingDecision, awaitsDecision, lockLatestPendingBanking } from './bankingDecision';
import { verificationDecisionEmail } from './mailTemplates';
import { ADMIN_API_MESSAGES as M } from './messages';
import { mailDecision, organisationOwners, siteLink } from './notify';

/**
 * `PATCH /admin/organizations/{id}/verification`: accepts or rejects the
 * organisation's verification (organisations.isVerified and its questionnaire
 * row) and its newest Pending banking details the same way, with the
 * questionnaire row locked. One audit entry; the Owners are mailed.
 */
export async function decideOrganisationVerification(
  admin: SessionUser,
  id: string,
  input: AdminDecisionInput,
): Promise<AdminDecision> {
  const organisationId = uuidOrNull(id);
  if (!organisationId) throw notFound(M.organisationNotFound);
  const db = await getDb();
  const at = new Date();
  const decided = await db.transaction(async (tx) => {
    const [organisation] = await tx
      .select({
        id: organisations.id,
        legalName: organisations.legalName,
        url: organisations.url,
        isVerified: organisations.isVerified,
      })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    if (!organisation) throw notFound(M.organisationNotFound);
    const [request] = await tx
      .select({
        submittedAt: organisationVerifications.submittedAt,
        reviewedAt: organisationVerifications.reviewedAt,
        rejectionReason: organisationVerifications.rejectionReason,
      })
      .from(organisationVerifications)
      .where(eq(organisationVerifications.organisationId, organisation.id))
      .for('update');
    if (!request?.submittedAt) throw badRequest(M.notSubmitted);
    if (!awaitsDecision(request.submittedAt, request.reviewedAt)) throw conflict(M.alreadyDecided);
    const banking = await lockLatestPendingBanking(tx, eq(bankingDetails.organisationId, organisation.id));
    const reason = input.accepted ? null : input.reason;
    await tx
      .update(organisationVerifications)
      .set({ isVerified: input.accepted, reviewedAt: at, reviewedById: admin.id, rejectionReason: reason })
      .where(eq(organisationVerifications.organisationId, organisation.id));
    await tx
      .update(organisations)
      .set({ isVerified: input.accepted })
      .where(eq(organisations.id, organisation.id));
    const bankingAfter = banking
      ? await applyBankingDecision(tx, banking.id, { ...input, adminId: admin.id, at })
      : null;
    await recordAudit(
      {
        actorId: admin.id,
        action: input.accepted
          ? 'admin-organisation-verification-accept'
          : 'admin-organisation-verification-reject',
        entity: 'organisation',
        entityId: organisation.id,
        before: {
          isVerified: organisation.isVerified,
          rejectionReason: request.rejectionReason,
          bankingDetail: banking,
        },
        after: { isVerified: input.accepted, rejectionReason: reason, bankingDetail: bankingAfter },
      },
      tx,
    );
    return { organisation, bankingDetailId: banking?.id ?? null };
  });
  const { organisation } = decided;
  await mailDecision(await organisationOwners(organisation.id), (to) =>
    verificationDecisionEmail({
      firstName: to.firstName,
      kind: 'organisation',
      name: organisation.legalName,
      accepted: input.accepted,
      reason: input.reason,
      link: siteLink(
        input.accepted ? `/organization/${organisation.url}` : `/organization/edit/${organisation.id}`,
      ),
    }),
  );
  return {
    id: organisation.id,
    accepted: input.accepted,
    reason: input.accepted ? null : input.reason,
    reviewedAt: at.toISOString(),
    bankingDetailId: decided.bankingDetailId,
  };
}
