import type { EmailTemplate } from '~/lib/server/accounts/mailTemplates';
import { renderEmail } from '~/lib/server/platform/mailLayout';

/** Mails of the reports (docs/api/reports.md): the reporter's confirmation, and staff asking the owner. */

export function reportReceivedEmail(input: {
  subjectName: string;
  reasonLabel: string;
  link: string;
}): EmailTemplate {
  return {
    subject: `We received your report about ${input.subjectName}`,
    ...renderEmail({
      preview: 'Thank you: the Letsema team will look into it.',
      firstName: '',
      intro: [
        `Thank you for telling us about ${input.subjectName}. The Letsema team reads every report and will look into it.`,
        'If we need to, we pause donations while we review, ask the owner for information, and refund donors when money was not used as promised.',
      ],
      details: [{ label: 'Reason', value: input.reasonLabel }],
      action: { label: 'How we keep giving safe', link: input.link },
      outro: ['We do not tell the owner who reported them.'],
    }),
  };
}

export function askOwnerEmail(input: {
  firstName: string;
  subjectName: string;
  message: string;
  link: string;
}): EmailTemplate {
  return {
    subject: `Letsema needs information about ${input.subjectName}`,
    ...renderEmail({
      preview: `Please help us review ${input.subjectName}.`,
      firstName: input.firstName,
      intro: [
        `We received concerns about ${input.subjectName} and are reviewing it, as we do for every report.`,
        input.message,
        'Please reply to this mail with the information asked for. Until the review ends we may pause donations or hold payouts.',
      ],
      details: [],
      action: { label: `View ${input.subjectName}`, link: input.link },
      outro: [],
    }),
  };
}

export function campaignReviewEmail(input: {
  firstName: string;
  campaignName: string;
  change: string;
  reason: string;
  link: string;
}): EmailTemplate {
  return {
    subject: `${input.campaignName}: ${input.change}`,
    ...renderEmail({
      preview: `${input.change}.`,
      firstName: input.firstName,
      intro: [`Letsema staff changed ${input.campaignName}: ${input.change.toLowerCase()}.`],
      details: input.reason ? [{ label: 'Reason', value: input.reason }] : [],
      action: { label: 'View your campaign', link: input.link },
      outro: ['Reply to this mail if you have questions or information that helps the review.'],
    }),
  };
}
