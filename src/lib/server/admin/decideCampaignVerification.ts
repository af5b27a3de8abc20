import { eq } from 'drizzle-orm';
import type { AdminDecision } from '~/lib/contracts/admin';
import type { AdminDecisionInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { bankingDetails, campaigns } from '~/lib/server/db/schema';
import { applyBankingDecision, lockLatestPendingBanking, verificationRefusal } from './bankingDecision';
import { ADMIN_API_MESSAGES as M } from './messages';
import { userRecipient } from './notify';
import { decideVerification } from './verificationDecision';

/**
 * `PATCH /admin/campaigns/{id}/verification`: accepts or rejects the campaign's
 * verification request, and its newest Pending banking details the same way,
 * in one transaction with the campaign row locked (a second admin deciding at
 * the same moment gets 409). One audit entry; the owner is mailed.
 */
export function decideCampaignVerification(
  admin: SessionUser,
  id: string,
  input: AdminDecisionInput,
): Promise<AdminDecision> {
  return decideVerification(admin, id, input, {
    notFound: M.campaignNotFound,
    load: async (tx, campaignId) => {
      const [row] = await tx
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
      return row ?? null;
    },
    refusal: (campaign) => verificationRefusal(campaign.submittedAt, campaign.reviewedAt),
    apply: async (tx, campaign, { at, reason }) => {
      const banking = await lockLatestPendingBanking(tx, eq(bankingDetails.campaignId, campaign.id));
      await tx
        .update(campaigns)
        .set({
          isVerified: input.accepted,
          verificationReviewedAt: at,
          verificationRejectionReason: reason,
        })
        .where(eq(campaigns.id, campaign.id));
      const bankingAfter = banking
        ? await applyBankingDecision(tx, banking.id, { ...input, adminId: admin.id, at })
        : null;
      return {
        audit: {
          action: input.accepted
            ? 'admin-campaign-verification-accept'
            : 'admin-campaign-verification-reject',
          entity: 'campaign',
          entityId: campaign.id,
          before: {
            isVerified: campaign.isVerified,
            verificationRejectionReason: campaign.rejectionReason,
            bankingDetail: banking,
          },
          after: {
            isVerified: input.accepted,
            verificationRejectionReason: reason,
            bankingDetail: bankingAfter,
          },
        },
        outcome: banking?.id ?? null,
      };
    },
    subject: (campaign) => ({ kind: 'campaign', id: campaign.id, name: campaign.name, url: campaign.url }),
    recipients: async (tx, campaign) => {
      const owner = await userRecipient(campaign.ownerId, tx);
      return owner ? [owner] : [];
    },
  });
}
