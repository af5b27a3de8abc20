import { decideOrganisationVerification } from '~/lib/server/admin/decideOrganisationVerification';
import { decisionRoute } from '~/lib/server/admin/decision';
import { ADMIN_API_MESSAGES as M } from '~/lib/server/admin/messages';

export const PATCH = decisionRoute(decideOrganisationVerification, {
  accepted: M.verificationAccepted,
  rejected: M.verificationRejected,
});
