import { OrgUserRole } from '~/lib/enums';
import { ORGANISATION_ROLE_LABELS } from '~/lib/schemas/organisationTeam';
import type { EmailTemplate } from '~/lib/server/accounts/mailTemplates';
import { renderEmail, SITE_NAME } from '~/lib/server/platform/mailLayout';

export interface OrganisationInvitationInput {
  firstName: string;
  /** Who invited them, as "First Last". */
  inviterName: string;
  organisationName: string;
  role: OrgUserRole;
  /** Absolute link to /auth/invitation?token=…, valid 7 days, once. */
  link: string;
}

/** What accepting lets the invitee do, in the words of the role table (docs/api/organisations.md). */
const ROLE_DUTIES: Record<OrgUserRole, string> = {
  [OrgUserRole.Owner]:
    'As an Owner you can manage the organisation’s profile, team, campaigns, verification and banking details.',
  [OrgUserRole.Admin]: 'As an Admin you can manage the organisation’s profile, team and campaigns.',
  [OrgUserRole.Editor]: 'As an Editor you can edit the organisation’s profile and its campaigns.',
  [OrgUserRole.Champion]:
    'As a Champion you can start your own campaigns to raise funds for the organisation, and you are listed on its page.',
};

/** An organisation team invitation: the organisation, the role, and what the role may do. */
export function organisationInvitationEmail({
  firstName,
  inviterName,
  organisationName,
  role,
  link,
}: OrganisationInvitationInput): EmailTemplate {
  const roleName = ORGANISATION_ROLE_LABELS[role];
  const asRole = `${role === OrgUserRole.Champion ? 'a' : 'an'} ${roleName}`;
  return {
    subject: `${inviterName} invited you to join "${organisationName}" on ${SITE_NAME} as ${asRole}`,
    ...renderEmail({
      preview: `Join "${organisationName}" as ${asRole}.`,
      firstName,
      intro: [
        `${inviterName} has invited you to join the organisation "${organisationName}" on ${SITE_NAME} as ${asRole}.`,
        `${ROLE_DUTIES[role]} Log in, or create a free account, to accept.`,
      ],
      action: { label: 'Accept the invitation', link },
      outro: [
        'This link works for 7 days and only once.',
        'If you were not expecting this invitation, you can ignore this email and nothing will change.',
      ],
    }),
  };
}
