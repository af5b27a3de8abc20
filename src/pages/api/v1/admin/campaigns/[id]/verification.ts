import { decideCampaignVerification } from '~/lib/server/admin/decideCampaignVerification';
import { decisionRoute } from '~/lib/server/admin/decision';
import { ADMIN_API_MESSAGES as M } from '~/lib/server/admin/messages';

export const PATCH = decisionRoute(decideCampaignVerification, {
  accepted: M.verificationAccepted,
  rejected: M.verificationRejected,
});
