import { eq } from 'drizzle-orm';
import type { AdminDecision } from '~/lib/contracts/admin';
import type { AdminDecisionInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { bankingDetails, campaigns } from '~/lib/server/db/schema';
import { badRequest, conflict, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { recordAudit } from '~/lib/server/platform/audit';
import { applyBankingDecision, awaitsDecision, lockLatestPendingBanking } from './bankingDecision';
import { verificationDecisionEmail } from './mailTemplates';
import { ADMIN_API_MESSAGES as M } from './messages';
import { mailDecision, siteLink, userRecipient } from './notify';

/**
 * `PATCH /admin/campaigns/{id}/verification`: accepts or rejects the campaign's
 * verification request, and its newest Pending banking details the same way,
 * in one transaction with the campaign row locked (a second admin deciding at
 * the same moment gets 409). One audit entry; the owner is mailed.
 */
export async function decideCampaignVerification(
  admin: SessionUser,
  id: string,
  input: AdminDecisionInput,
): Promise<AdminDecision> {
  const campaignId = uuidOrNull(id);
  if (!campaignId) throw notFound(M.campaignNotFound);
  const db = await getDb();
  const at = new Date();
  const decided = await db.transaction(async (tx) => {
    const [campaign] = await tx
      .select({
        id: campaigns.id,
        name: campaigns.name,
        url: campaigns.url,
        ownerId: campaigns.ownerId,
        isVerified: campaigns.isVerified,
        submittedAt: campaigns.verificationSubmittedAt,
        reviewedAt: campaigns.verificationReviewedAt,
        rejectionReason: campaigns.verificationRejectionReason,
      })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .for('update');
    if (!campaign) throw notFound(M.campaignNotFound);
    if (!campaign.submittedAt) throw badRequest(M.notSubmitted);
    if (!awaitsDecision(campaign.submittedAt, campaign.reviewedAt)) throw conflict(M.alreadyDecided);
    const banking = await lockLatestPendingBanking(tx, eq(bankingDetails.campaignId, campaign.id));
    await tx
      .update(campaigns)
      .set({
        isVerified: input.accepted,
        verificationReviewedAt: at,
        verificationRejectionReason: input.accepted ? null : input.reason,
      })
      .where(eq(campaigns.id, campaign.id));
    const bankingAfter = banking
      ? await applyBankingDecision(tx, banking.id, { ...input, adminId: admin.id, at })
      : null;
    await recordAudit(
      {
        actorId: admin.id,
        action: input.accepted ? 'admin-campaign-verification-accept' : 'admin-campaign-verification-reject',
        entity: 'campaign',
        entityId: campaign.id,
        before: {
          isVerified: campaign.isVerified,
          verificationRejectionReason: campaign.rejectionReason,
          bankingDetail: banking,
        },
        after: {
          isVerified: input.accepted,
          verificationRejectionReason: input.accepted ? null : input.reason,
          bankingDetail: bankingAfter,
        },
      },
      tx,
    );
    return { campaign, bankingDetailId: banking?.id ?? null };
  });
  const { campaign } = decided;
  const owner = await userRecipient(campaign.ownerId);
  await mailDecision(owner ? [owner] : [], (to) =>
    verificationDecisionEmail({
      firstName: to.firstName,
      kind: 'campaign',
      name: campaign.name,
      accepted: input.accepted,
      reason: input.reason,
      link: siteLink(input.accepted ? `/campaign/${campaign.url}` : `/campaign/edit/${campaign.id}`),
    }),
  );
  return {
    id: campaign.id,
    accepted: input.accepted,
    reason: input.accepted ? null : input.reason,
    reviewedAt: at.toISOString(),
    bankingDetailId: decided.bankingDetailId,
  };
}
