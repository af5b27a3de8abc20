import { formatSastDateTime, formatSouthAfricanDay } from '~/lib/dates';
import { formatMoney, fromCents } from '~/lib/money';
import type { EmailTemplate } from '~/lib/server/accounts/mailTemplates';
import { type EmailDetail, renderEmail, SITE_NAME } from '~/lib/server/platform/mailLayout';

/**
 * Donation mails (docs/api/donations.md "Mail"). Inputs are plain values from
 * the database; every one of them is text that renderEmail escapes, so a donor's
 * display name or comment can never become markup. Money is integer cents with
 * its currency id, formatted here ('R 1 250.00').
 */

const money = (cents: number, currencyId: number): string => formatMoney(fromCents(cents), currencyId);

/** A campaign's message to its donors, one paragraph per line. */
const messageParagraphs = (message: string | null): string[] =>
  (message ?? '')
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);

export interface DonationReceiptInput {
  firstName: string;
  campaignName: string;
  campaignLink: string;
  /** The donor's own page for this donation (/thanks with the donation token). */
  donationLink: string;
  currencyId: number;
  /** ZAR, USD. */
  currencyTicker: string;
  amountCents: number;
  tipCents: number;
  /** The extra is the campaign's admin fee the donor chose to cover, not a tip. */
  adminFeeCovered: boolean;
  paymentMethod: string;
  reference: string;
  paidAt: Date;
  thankYouMessage: string | null;
  /**
   * Set for a charge of a recurring donation; `manageLink` is where the donor changes or cancels
   * it (My Donations, or a guest's /monthly-donation link).
   */
  recurring: { charge: number; of: number | null; manageLink: string | null } | null;
  /** The campaign's organisation issues Section 18A receipts for this donation (receipts/eligibility.ts). */
  taxReceipt: boolean;
}

/** 'Monthly donation, charge 2 of 12' (or 'charge 2' when it runs until cancelled). */
export function recurringChargeLabel({ charge, of }: { charge: number; of: number | null }): string {
  return `Monthly donation, charge ${charge}${of ? ` of ${of}` : ''}`;
}

/** The donor's receipt once the payment is confirmed. */
export function donationReceiptEmail(input: DonationReceiptInput): EmailTemplate {
  const { currencyId } = input;
  const amount = money(input.amountCents, currencyId);
  const total = money(input.amountCents + input.tipCents, currencyId);
  const details: EmailDetail[] = [
    { label: 'Campaign', value: input.campaignName },
    { label: 'Donation', value: amount },
  ];
  if (input.tipCents > 0) {
    details.push({
      label: input.adminFeeCovered ? 'Admin fee (covered by you)' : `Tip to ${SITE_NAME}`,
      value: money(input.tipCents, currencyId),
    });
  }
  details.push(
    { label: 'Total charged', value: total },
    { label: 'Currency', value: input.currencyTicker },
    { label: 'Payment method', value: input.paymentMethod },
    { label: 'Reference', value: input.reference },
    { label: 'Date', value: formatSastDateTime(input.paidAt) },
  );
  if (input.recurring) details.push({ label: 'Schedule', value: recurringChargeLabel(input.recurring) });
  const thanks = messageParagraphs(input.thankYouMessage);
  return {
    subject: `Thank you for your donation to ${input.campaignName}`,
    ...renderEmail({
      preview: `Your receipt for ${total} to ${input.campaignName}.`,
      firstName: input.firstName,
      intro: [
        input.recurring
          ? `Thank you for your monthly donation of ${amount} to ${input.campaignName}. We have received this month's payment; this email is your receipt.`
          : `Thank you for your donation of ${amount} to ${input.campaignName}. We have received your payment; this email is your receipt.`,
        ...(thanks.length ? [`A message from ${input.campaignName}:`, ...thanks] : []),
      ],
      details,
      action: { label: 'Visit the campaign', link: input.campaignLink },
      outro: [
        ...(input.taxReceipt
          ? [
              `This donation may be tax deductible: ${input.campaignName} is run by an approved public benefit organisation. Ask for your Section 18A tax receipt on your donation's page: ${input.donationLink}`,
            ]
          : []),
        ...(input.recurring?.manageLink
          ? [`To change or cancel your monthly donation, go to ${input.recurring.manageLink}`]
          : []),
        `Your donation can be seen again at any time at ${input.donationLink}`,
        'Keep this email for your records. If you did not make this donation, please write to us.',
      ],
    }),
  };
}

/** A monthly donation as its change and cancel mails show it. */
export interface RecurringScheduleMailInput {
  firstName: string;
  campaignName: string;
  campaignLink: string;
  /** Where the donor sees and manages it: My Donations for an account, else /monthly-donation with its token. */
  manageLink: string;
  currencyId: number;
  /** Each month's donation and the tip or fee on top, in cents. */
  amountCents: number;
  tipCents: number;
  /** '15th'. */
  deductionDay: string;
  /** 'Until cancelled', '6 months'. */
  duration: string;
  reference: string;
}

function monthlyDetails(input: RecurringScheduleMailInput): EmailDetail[] {
  const { currencyId } = input;
  const details: EmailDetail[] = [
    { label: 'Campaign', value: input.campaignName },
    { label: 'Each month', value: money(input.amountCents, currencyId) },
  ];
  if (input.tipCents > 0)
    details.push(
      { label: 'Tip or admin fee', value: money(input.tipCents, currencyId) },
      { label: 'Deducted each month', value: money(input.amountCents + input.tipCents, currencyId) },
    );
  return details;
}

/** The donor changed a monthly donation: the new amount, day and next deduction. */
export function recurringChangedEmail(
  input: RecurringScheduleMailInput & { nextDeductionDate: string | null; viaDebitOrder?: boolean },
): EmailTemplate {
  const total = money(input.amountCents + input.tipCents, input.currencyId);
  const next = formatSouthAfricanDay(input.nextDeductionDate);
  const details = monthlyDetails(input);
  details.push(
    { label: 'Deduction day', value: `The ${input.deductionDay} of each month` },
    { label: 'Next deduction', value: next || 'Not scheduled' },
    { label: 'Duration', value: input.duration },
    { label: 'Reference', value: input.reference },
  );
  return {
    subject: `Your monthly donation to ${input.campaignName} has changed`,
    ...renderEmail({
      preview: `From now on ${total} on the ${input.deductionDay} of each month.`,
      firstName: input.firstName,
      intro: [
        `Your monthly donation to ${input.campaignName} has been changed. From now on ${total} will be deducted from your ${input.viaDebitOrder ? 'bank account by debit order' : 'card'} on the ${input.deductionDay} of each month.`,
        next ? `The next deduction is on ${next}.` : 'No further deduction is scheduled.',
      ],
      details,
      action: { label: 'View your monthly donation', link: input.manageLink },
      outro: ['If you did not make this change, cancel the donation from the link above and write to us.'],
    }),
  };
}

/** The donor cancelled a monthly donation: nothing more is deducted. */
export function recurringCancelledEmail(
  input: RecurringScheduleMailInput & { cancelledAt: Date; deductionsMade: number; viaDebitOrder?: boolean },
): EmailTemplate {
  const stopped = formatSastDateTime(input.cancelledAt);
  const details = monthlyDetails(input);
  details.push(
    { label: 'Cancelled on', value: stopped },
    { label: 'Deductions made', value: String(input.deductionsMade) },
    { label: 'Reference', value: input.reference },
  );
  return {
    subject: `Your monthly donation to ${input.campaignName} is cancelled`,
    ...renderEmail({
      preview: 'There will be no further deductions from your card.',
      firstName: input.firstName,
      intro: [
        `Your monthly donation to ${input.campaignName} was cancelled on ${stopped}. There will be no further deductions from your card for it.`,
        `Thank you for your support of ${input.campaignName}.`,
      ],
      details,
      action: { label: 'Visit the campaign', link: input.campaignLink },
      outro: [
        input.viaDebitOrder
          ? 'No further debit orders will be submitted to your bank for it.'
          : 'We have stopped the subscription at PayFast, our card processor, too.',
        'If you did not cancel this donation, please write to us.',
      ],
    }),
  };
}

export interface EftInstructionsInput {
  firstName: string;
  campaignName: string;
  donationLink: string;
  currencyId: number;
  amountCents: number;
  tipCents: number;
  adminFeeCovered: boolean;
  reference: string;
  bank: { bankName: string; accountName: string; accountNumber: string; branchNumber: string };
}

/** How to pay a donation by bank transfer: our account, the reference and the amount. */
export function eftInstructionsEmail(input: EftInstructionsInput): EmailTemplate {
  const { currencyId } = input;
  const total = money(input.amountCents + input.tipCents, currencyId);
  const details: EmailDetail[] = [
    { label: 'Bank', value: input.bank.bankName },
    { label: 'Account name', value: input.bank.accountName },
    { label: 'Account number', value: input.bank.accountNumber },
    { label: 'Branch code', value: input.bank.branchNumber },
    { label: 'Reference', value: input.reference },
    { label: 'Amount to pay', value: total },
    { label: 'Donation', value: money(input.amountCents, currencyId) },
  ];
  if (input.tipCents > 0) {
    details.push({
      label: input.adminFeeCovered ? 'Admin fee (covered by you)' : `Tip to ${SITE_NAME}`,
      value: money(input.tipCents, currencyId),
    });
  }
  return {
    subject: `How to pay your donation to ${input.campaignName}`,
    ...renderEmail({
      preview: `Pay ${total} by EFT with the reference ${input.reference}.`,
      firstName: input.firstName,
      intro: [
        `Thank you for supporting ${input.campaignName}. To complete your donation, pay ${total} by EFT into the account below.`,
        `Use ${input.reference} as the payment reference, exactly as shown: it is how we match your payment to your donation.`,
      ],
      details,
      action: { label: 'View your donation', link: input.donationLink },
      outro: [
        'Your donation counts once your payment reaches us; bank transfers between banks can take up to 3 working days. We will email your receipt then.',
        'If you did not make this donation, you can ignore this email: nothing is owed.',
      ],
    }),
  };
}

/** A donation as the campaign owner hears of it. */
export interface OwnerDonationLine {
  /** publicDonorName (src/lib/donationDisplay.ts) of the donor. */
  name: string;
  /** In the campaign's currency. */
  campaignAmountCents: number;
  /** The donation's own currency and amount, shown too when they differ from the campaign's. */
  currencyId: number;
  amountCents: number;
  comment: string | null;
  /** What the refund ledger took back of it by the time of the mail, in the campaign's currency (summaries). */
  refundedCampaignCents?: number;
}

export interface OwnerCampaign {
  ownerFirstName: string;
  campaignName: string;
  campaignLink: string;
  /** The campaign's currency. */
  currencyId: number;
  /** Raised on the platform plus offline, in cents of the campaign's currency. */
  totalRaisedCents: number;
}

/** 'R 180.00' or, for a gift in another currency, 'R 180.00 ($ 10.00)'. */
function ownerAmount(line: OwnerDonationLine, campaignCurrencyId: number): string {
  const inCampaign = money(line.campaignAmountCents, campaignCurrencyId);
  return line.currencyId === campaignCurrencyId
    ? inCampaign
    : `${inCampaign} (${money(line.amountCents, line.currencyId)})`;
}

const commentOf = (comment: string | null): string | null => comment?.trim() || null;

const SETTINGS_HINT = "You can change how often we email you about donations in the campaign's settings.";

/** The owner's mail for one accepted donation (notificationFrequency 1). */
export function ownerDonationEmail(campaign: OwnerCampaign, line: OwnerDonationLine): EmailTemplate {
  const amount = ownerAmount(line, campaign.currencyId);
  const comment = commentOf(line.comment);
  const details: EmailDetail[] = [
    { label: 'From', value: line.name },
    { label: 'Amount', value: amount },
  ];
  if (comment) details.push({ label: 'Comment', value: comment });
  details.push({ label: 'Total raised', value: money(campaign.totalRaisedCents, campaign.currencyId) });
  return {
    subject: `New donation to ${campaign.campaignName}`,
    ...renderEmail({
      preview: `${line.name} donated ${amount}.`,
      firstName: campaign.ownerFirstName,
      intro: [`Good news: ${line.name} has just donated ${amount} to ${campaign.campaignName}.`],
      details,
      action: { label: 'View your campaign', link: campaign.campaignLink },
      outro: [SETTINGS_HINT],
    }),
  };
}

/** Lines a summary lists; the rest are counted. */
export const DIGEST_MAX_LINES = 20;

export interface DonationDigestInput {
  period: 'daily' | 'weekly';
  /** All donations being reported, newest first; only the first DIGEST_MAX_LINES are listed. */
  lines: OwnerDonationLine[];
}

/** The owner's daily or weekly summary (notificationFrequency 2 or 3). */
export function donationDigestEmail(campaign: OwnerCampaign, digest: DonationDigestInput): EmailTemplate {
  const count = digest.lines.length;
  const donations = count === 1 ? '1 donation' : `${count} donations`;
  const sum = money(
    digest.lines.reduce((total, line) => total + line.campaignAmountCents, 0),
    campaign.currencyId,
  );
  const refundedCents = digest.lines.reduce((total, line) => total + (line.refundedCampaignCents ?? 0), 0);
  const listed = digest.lines.slice(0, DIGEST_MAX_LINES);
  const details = listed.map((line): EmailDetail => {
    const comment = commentOf(line.comment);
    const refunded = line.refundedCampaignCents ?? 0;
    const amount = `${ownerAmount(line, campaign.currencyId)}${refunded > 0 ? ` (${money(refunded, campaign.currencyId)} refunded)` : ''}`;
    return { label: line.name, value: comment ? `${amount}: “${comment}”` : amount };
  });
  const refundedSince =
    refundedCents > 0 ? ` ${money(refundedCents, campaign.currencyId)} of it has since been refunded.` : '';
  const more = count - listed.length;
  return {
    subject: `Your ${digest.period} donation summary for ${campaign.campaignName}`,
    ...renderEmail({
      preview: `${donations}, ${sum} in all.`,
      firstName: campaign.ownerFirstName,
      intro: [
        `Since our last summary, ${campaign.campaignName} has received ${donations} totalling ${sum}.${refundedSince} It has now raised ${money(campaign.totalRaisedCents, campaign.currencyId)} in all.`,
      ],
      details,
      action: { label: 'View your campaign', link: campaign.campaignLink },
      outro: [
        ...(more > 0
          ? [
              `This summary lists the latest ${listed.length}; ${more === 1 ? '1 earlier donation is' : `${more} earlier donations are`} counted in the totals above.`,
            ]
          : []),
        SETTINGS_HINT,
      ],
    }),
  };
}

export interface ThankYouInput {
  /** The donor's own first name, as they gave it. */
  firstName: string;
  /** Who on the campaign's team wrote. */
  writerName: string;
  campaignName: string;
  campaignLink: string;
  /** The writer's words, plain text. */
  message: string;
  /** The signed link that stops thank-you messages from this campaign to this address. */
  optOutLink: string;
}

/**
 * A campaign team's thank-you to a donor, sent by the platform from its own address: the writer
 * never sees the donor's address and a reply does not reach them.
 */
export function thankYouEmail(input: ThankYouInput): EmailTemplate {
  const writer = input.writerName || `The team of ${input.campaignName}`;
  return {
    subject: `A thank-you from ${input.campaignName}`,
    ...renderEmail({
      preview: `${writer} wrote to thank you for your donation.`,
      firstName: input.firstName,
      intro: [
        `${writer}, of the campaign "${input.campaignName}" on ${SITE_NAME}, wrote to thank you for your donation:`,
        ...messageParagraphs(input.message),
      ],
      action: { label: 'See the campaign', link: input.campaignLink },
      outro: [
        `We sent this message for the campaign. They do not see your email address, and they do not receive a reply to this mail.`,
      ],
      unsubscribe: { label: 'Stop thank-you messages from this campaign', link: input.optOutLink },
    }),
  };
}

/** A Paysoft debit order was set up: the mandate the donor accepted, in their words. */
export function debitOrderSetUpEmail(
  input: RecurringScheduleMailInput & { mandateText: string; firstDebit: string | null; account: string },
): EmailTemplate {
  const details = monthlyDetails(input);
  details.push(
    { label: 'Debited from', value: input.account },
    { label: 'Deduction day', value: `The ${input.deductionDay} of each month` },
    { label: 'First debit', value: formatSouthAfricanDay(input.firstDebit) || 'Not scheduled' },
    { label: 'Duration', value: input.duration },
    { label: 'Reference', value: input.reference },
  );
  return {
    subject: `Your debit order for ${input.campaignName} is set up`,
    ...renderEmail({
      preview: `Your monthly gift to ${input.campaignName} by debit order.`,
      firstName: input.firstName,
      intro: [
        `Thank you for giving to ${input.campaignName} every month by debit order. This is the mandate you accepted:`,
        input.mandateText,
      ],
      details,
      action: { label: 'View or cancel your monthly donation', link: input.manageLink },
      outro: ['If you did not set up this debit order, cancel it from the link above and write to us.'],
    }),
  };
}

/** A month's debit order was not paid (unpaid, disputed or reversed); `stopped` when it ended the debit order. */
export function debitOrderUnpaidEmail(
  input: RecurringScheduleMailInput & { month: string; outcome: string; stopped: boolean; failures: number },
): EmailTemplate {
  const details = monthlyDetails(input);
  details.push(
    { label: 'Month', value: input.month },
    { label: 'Result', value: input.outcome },
    { label: 'Reference', value: input.reference },
  );
  return {
    subject: input.stopped
      ? `Your debit order for ${input.campaignName} has stopped`
      : `Your debit order for ${input.campaignName} was not paid`,
    ...renderEmail({
      preview: input.stopped
        ? 'After several unpaid months we stopped the debit order.'
        : "This month's debit order did not go through.",
      firstName: input.firstName,
      intro: input.stopped
        ? [
            `Your bank did not pay the debit order for ${input.campaignName} for ${input.month} (${input.outcome}). It was the ${input.failures} month in a row, so we have stopped the debit order: nothing more will be debited.`,
            'You can start a new monthly gift from the campaign page at any time.',
          ]
        : [
            `Your bank did not pay this month's debit order for ${input.campaignName} (${input.month}: ${input.outcome}). No money was taken for it.`,
            'We will try again next month. Please check that your account can take the debit, or cancel the donation from the link below.',
          ],
      details,
      action: input.stopped
        ? { label: 'Visit the campaign', link: input.campaignLink }
        : { label: 'View or cancel your monthly donation', link: input.manageLink },
      outro: ['If anything here is wrong, please write to us.'],
    }),
  };
}
