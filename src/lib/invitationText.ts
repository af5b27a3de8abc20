import type { InvitationPreview } from '~/lib/contracts/campaigns';
import { OrgUserRole } from '~/lib/enums';

/**
 * What an invitation is for, in one sentence (issue 22): the invitation page and the login
 * and sign-up pages it leads to say the same, e.g. "Thandi Mokoena invited you to be a
 * Champion of Themba Care Foundation NPC".
 */

const ROLE_NAMES: Readonly<Record<number, string>> = {
  [OrgUserRole.Owner]: 'an Owner',
  [OrgUserRole.Admin]: 'an Admin',
  [OrgUserRole.Editor]: 'an Editor',
  [OrgUserRole.Champion]: 'a Champion',
};

export function invitationSentence(invitation: InvitationPreview): string {
  const who = invitation.inviterName?.trim() || 'Someone';
  const role = ROLE_NAMES[invitation.userRole] ?? 'a member';
  if (invitation.organizationName)
    return `${who} invited you to be ${role} of ${invitation.organizationName}`;
  const campaign = invitation.campaignName ?? 'a campaign';
  return `${who} invited you to be ${role} on the team of the campaign “${campaign}”`;
}
