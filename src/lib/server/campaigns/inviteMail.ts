import type { EmailTemplate } from '~/lib/server/accounts/mailTemplates';
import { renderEmail, SITE_NAME } from '~/lib/server/platform/mailLayout';

export interface TeamInvitationInput {
  firstName: string;
  /** Who added them, as "First Last". */
  inviterName: string;
  campaignName: string;
  /** Absolute link to /auth/invitation?token=…, valid 7 days, once. */
  link: string;
}

/** A campaign team invitation: accepting lets the invitee edit the campaign and post updates. */
export function teamInvitationEmail({
  firstName,
  inviterName,
  campaignName,
  link,
}: TeamInvitationInput): EmailTemplate {
  return {
    subject: `${inviterName} invited you to help run "${campaignName}" on ${SITE_NAME}`,
    ...renderEmail({
      preview: `Join the team behind "${campaignName}".`,
      firstName,
      intro: [
        `${inviterName} has added you to the team of the campaign "${campaignName}" on ${SITE_NAME}.`,
        'Once you accept, you can edit the campaign and post updates for its supporters. Log in, or create a free account, to accept.',
      ],
      action: { label: 'Accept the invitation', link },
      outro: [
        'This link works for 7 days and only once.',
        'If you were not expecting this invitation, you can ignore this email and nothing will change.',
      ],
    }),
  };
}
