import type { EmailTemplate } from '~/lib/server/accounts/mailTemplates';
import { renderEmail, SITE_NAME } from '~/lib/server/platform/mailLayout';

/** Staff decisions told to the people they concern (docs/api/admin.md "Mail"); one layout for all. */

export interface VerificationDecisionInput {
  firstName: string;
  /** 'campaign' or 'organisation', and its name. */
  kind: 'campaign' | 'organisation';
  name: string;
  accepted: boolean;
  reason: string | null;
  /** Absolute link: the public page when accepted, the editor when rejected. */
  link: string;
}

export function verificationDecisionEmail(input: VerificationDecisionInput): EmailTemplate {
  const { firstName, kind, name, accepted, reason, link } = input;
  if (accepted) {
    return {
      subject: `Your ${kind} "${name}" is verified`,
      ...renderEmail({
        preview: `${SITE_NAME} staff verified "${name}".`,
        firstName,
        intro: [
          `Good news: our team checked the verification documents and banking details of the ${kind} "${name}" and accepted them.`,
          'Supporters now see it as verified, and you can request payouts of the funds raised to the accepted bank account.',
        ],
        action: { label: `View the ${kind}`, link },
        outro: ['Thank you for helping us keep giving safe.'],
      }),
    };
  }
  return {
    subject: `Your ${kind} "${name}" could not be verified yet`,
    ...renderEmail({
      preview: `What to change before "${name}" can be verified.`,
      firstName,
      intro: [
        `Our team checked the verification request of the ${kind} "${name}" and could not accept it yet.`,
      ],
      details: [{ label: 'Reason', value: reason ?? '' }],
      action: { label: 'Update and submit again', link },
      outro: ['Once you have made the changes, submit the verification again and we will look at it.'],
    }),
  };
}

export interface BankingRejectedInput {
  firstName: string;
  /** The campaign or organisation the account was for. */
  name: string;
  accountHolderName: string;
  reason: string;
  link: string;
}

export function bankingRejectedEmail(input: BankingRejectedInput): EmailTemplate {
  return {
    subject: `Your banking details for "${input.name}" were not accepted`,
    ...renderEmail({
      preview: 'Please check and send your banking details again.',
      firstName: input.firstName,
      intro: [
        `Our team could not accept the banking details (account holder ${input.accountHolderName}) you sent for "${input.name}". No money can be paid to them.`,
      ],
      details: [{ label: 'Reason', value: input.reason }],
      action: { label: 'Send your banking details again', link: input.link },
      outro: ['If something is unclear, reply to our support address and we will help.'],
    }),
  };
}

export interface PayoutDecisionMailInput {
  firstName: string;
  /** 'accepted' | 'declined' | 'paid'. */
  outcome: 'accepted' | 'declined' | 'paid';
  /** e.g. 'R 1 250.00'. */
  amount: string;
  /** The campaign or organisation paid out for. */
  name: string;
  reason: string | null;
  reference: string | null;
  link: string;
}

const PAYOUT_SUBJECTS = {
  accepted: 'Your payout request was accepted',
  declined: 'Your payout request was declined',
  paid: 'Your payout is on its way',
} as const;

export function payoutDecisionEmail(input: PayoutDecisionMailInput): EmailTemplate {
  const { outcome, amount, name } = input;
  const intro = {
    accepted: `Our team accepted your payout request of ${amount} for "${name}". We will pay it into the accepted bank account and let you know when it is paid.`,
    declined: `Our team declined your payout request of ${amount} for "${name}". The amount is available for payout again.`,
    paid: `We paid ${amount} for "${name}" into the accepted bank account. It can take up to 3 working days to show on your statement.`,
  }[outcome];
  const details = [
    { label: 'Amount', value: amount },
    ...(outcome === 'declined' ? [{ label: 'Reason', value: input.reason ?? '' }] : []),
    ...(outcome === 'paid' ? [{ label: 'Bank reference', value: input.reference ?? '' }] : []),
  ];
  return {
    subject: `${PAYOUT_SUBJECTS[outcome]}: ${amount} for "${name}"`,
    ...renderEmail({
      preview: intro,
      firstName: input.firstName,
      intro: [intro],
      details,
      action: { label: 'See your payouts', link: input.link },
      outro: ['Questions about this payout? Write to us and quote the amount and date.'],
    }),
  };
}
