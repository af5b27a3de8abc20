import { decideBankingDetails } from '~/lib/server/admin/decideBankingDetails';
import { decisionRoute } from '~/lib/server/admin/decision';
import { ADMIN_API_MESSAGES as M } from '~/lib/server/admin/messages';

export const PATCH = decisionRoute(decideBankingDetails, {
  accepted: M.bankingAccepted,
  rejected: M.bankingRejected,
});
