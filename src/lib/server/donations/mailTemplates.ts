import { m } from '~/lib/i18n';
import { formatMoney, fromCents } from '~/lib/money';
import type { EmailTemplate } from '~/lib/server/accounts/mailTemplates';
import { type EmailDetail, renderEmail, SITE_NAME } from '~/lib/server/platform/mailLayout';
import { mailDateTime, mailDay, mailDeductionDay } from './mailWords';

/**
 * Donation mails (docs/api/donations.md "Mail"). Inputs are plain values from
 * the database; every one of them is text that renderEmail escapes, so a donor's
 * display name or comment can never become markup. Money is integer cents with
 * its currency id, formatted here ('R 1 250.00').
 *
 * The donor's mails (receipt, EFT instructions, monthly donation changes, debit orders, a team's
 * thank-you) speak the current language (issue 27): their senders compose them inside
 * `withLocale(donation.locale, …)`, and their English is the text it always was. The owner's
 * mails (a donation's notice, the summaries) stay English.
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
  return of
    ? m.mail_recurring_charge_of({ charge: String(charge), of: String(of) })
    : m.mail_recurring_charge({ charge: String(charge) });
}

/** The line for the tip or the covered admin fee. */
const extraLabel = (adminFeeCovered: boolean): string =>
  adminFeeCovered ? m.mail_label_admin_fee_covered() : m.mail_label_tip({ site: SITE_NAME });

/** The donor's receipt once the payment is confirmed. */
export function donationReceiptEmail(input: DonationReceiptInput): EmailTemplate {
  const { currencyId } = input;
  const amount = money(input.amountCents, currencyId);
  const total = money(input.amountCents + input.tipCents, currencyId);
  const campaign = input.campaignName;
  const details: EmailDetail[] = [
    { label: m.mail_label_campaign(), value: campaign },
    { label: m.mail_label_donation(), value: amount },
  ];
  if (input.tipCents > 0) {
    details.push({ label: extraLabel(input.adminFeeCovered), value: money(input.tipCents, currencyId) });
  }
  details.push(
    { label: m.mail_label_total_charged(), value: total },
    { label: m.mail_label_currency(), value: input.currencyTicker },
    { label: m.mail_label_payment_method(), value: input.paymentMethod },
    { label: m.mail_label_reference(), value: input.reference },
    { label: m.mail_label_date(), value: mailDateTime(input.paidAt) },
  );
  if (input.recurring) {
    details.push({ label: m.mail_label_schedule(), value: recurringChargeLabel(input.recurring) });
  }
  const thanks = messageParagraphs(input.thankYouMessage);
  return {
    subject: m.mail_receipt_subject({ campaign }),
    ...renderEmail({
      localized: true,
      preview: m.mail_receipt_preview({ total, campaign }),
      firstName: input.firstName,
      intro: [
        input.recurring
          ? m.mail_receipt_intro_monthly({ amount, campaign })
          : m.mail_receipt_intro({ amount, campaign }),
        ...(thanks.length ? [m.mail_receipt_campaign_message({ campaign }), ...thanks] : []),
      ],
      details,
      action: { label: m.mail_action_visit_campaign(), link: input.campaignLink },
      outro: [
        ...(input.taxReceipt ? [m.mail_receipt_tax({ campaign, link: input.donationLink })] : []),
        ...(input.recurring?.manageLink ? [m.mail_receipt_manage({ link: input.recurring.manageLink })] : []),
        m.mail_receipt_view_again({ link: input.donationLink }),
        m.mail_receipt_keep(),
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
    { label: m.mail_label_campaign(), value: input.campaignName },
    { label: m.mail_label_each_month(), value: money(input.amountCents, currencyId) },
  ];
  if (input.tipCents > 0)
    details.push(
      { label: m.mail_label_tip_or_fee(), value: money(input.tipCents, currencyId) },
      {
        label: m.mail_label_deducted_monthly(),
        value: money(input.amountCents + input.tipCents, currencyId),
      },
    );
  return details;
}

/** The donor changed a monthly donation: the new amount, day and next deduction. */
export function recurringChangedEmail(
  input: RecurringScheduleMailInput & { nextDeductionDate: string | null; viaDebitOrder?: boolean },
): EmailTemplate {
  const total = money(input.amountCents + input.tipCents, input.currencyId);
  const next = mailDay(input.nextDeductionDate);
  const campaign = input.campaignName;
  const day = mailDeductionDay(input.deductionDay);
  const details = monthlyDetails(input);
  details.push(
    { label: m.mail_label_deduction_day(), value: m.mail_deduction_day_value({ day }) },
    { label: m.mail_label_next_deduction(), value: next || m.mail_not_scheduled() },
    { label: m.mail_label_duration(), value: input.duration },
    { label: m.mail_label_reference(), value: input.reference },
  );
  return {
    subject: m.mail_changed_subject({ campaign }),
    ...renderEmail({
      localized: true,
      preview: m.mail_changed_preview({ total, day }),
      firstName: input.firstName,
      intro: [
        input.viaDebitOrder
          ? m.mail_changed_intro_debit_order({ campaign, total, day })
          : m.mail_changed_intro_card({ campaign, total, day }),
        next ? m.mail_changed_next({ date: next }) : m.mail_changed_none(),
      ],
      details,
      action: { label: m.mail_action_view_monthly(), link: input.manageLink },
      outro: [m.mail_changed_outro()],
    }),
  };
}

/** The donor cancelled a monthly donation: nothing more is deducted. */
export function recurringCancelledEmail(
  input: RecurringScheduleMailInput & { cancelledAt: Date; deductionsMade: number; viaDebitOrder?: boolean },
): EmailTemplate {
  const stopped = mailDateTime(input.cancelledAt);
  const campaign = input.campaignName;
  const details = monthlyDetails(input);
  details.push(
    { label: m.mail_label_cancelled_on(), value: stopped },
    { label: m.mail_label_deductions_made(), value: String(input.deductionsMade) },
    { label: m.mail_label_reference(), value: input.reference },
  );
  return {
    subject: m.mail_cancelled_subject({ campaign }),
    ...renderEmail({
      localized: true,
      preview: m.mail_cancelled_preview(),
      firstName: input.firstName,
      intro: [m.mail_cancelled_intro({ campaign, date: stopped }), m.mail_cancelled_thanks({ campaign })],
      details,
      action: { label: m.mail_action_visit_campaign(), link: input.campaignLink },
      outro: [
        input.viaDebitOrder ? m.mail_cancelled_debit_order() : m.mail_cancelled_payfast(),
        m.mail_cancelled_outro(),
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
  const { reference } = input;
  const campaign = input.campaignName;
  const details: EmailDetail[] = [
    { label: m.mail_label_bank(), value: input.bank.bankName },
    { label: m.mail_label_account_name(), value: input.bank.accountName },
    { label: m.mail_label_account_number(), value: input.bank.accountNumber },
    { label: m.mail_label_branch_code(), value: input.bank.branchNumber },
    { label: m.mail_label_reference(), value: reference },
    { label: m.mail_label_amount_to_pay(), value: total },
    { label: m.mail_label_donation(), value: money(input.amountCents, currencyId) },
  ];
  if (input.tipCents > 0) {
    details.push({ label: extraLabel(input.adminFeeCovered), value: money(input.tipCents, currencyId) });
  }
  return {
    subject: m.mail_eft_subject({ campaign }),
    ...renderEmail({
      localized: true,
      preview: m.mail_eft_preview({ total, reference }),
      firstName: input.firstName,
      intro: [m.mail_eft_intro({ campaign, total }), m.mail_eft_reference({ reference })],
      details,
      action: { label: m.mail_action_view_donation(), link: input.donationLink },
      outro: [m.mail_eft_outro_counts(), m.mail_eft_outro_ignore()],
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
  const campaign = input.campaignName;
  const writer = input.writerName || m.mail_thanks_team({ campaign });
  return {
    subject: m.mail_thanks_subject({ campaign }),
    ...renderEmail({
      localized: true,
      preview: m.mail_thanks_preview({ writer }),
      firstName: input.firstName,
      intro: [
        m.mail_thanks_intro({ writer, campaign, site: SITE_NAME }),
        ...messageParagraphs(input.message),
      ],
      action: { label: m.mail_action_see_campaign(), link: input.campaignLink },
      outro: [m.mail_thanks_outro()],
      unsubscribe: { label: m.mail_thanks_unsubscribe(), link: input.optOutLink },
    }),
  };
}

/** A Paysoft debit order was set up: the mandate the donor accepted, in their words. */
export function debitOrderSetUpEmail(
  input: RecurringScheduleMailInput & { mandateText: string; firstDebit: string | null; account: string },
): EmailTemplate {
  const campaign = input.campaignName;
  const details = monthlyDetails(input);
  details.push(
    { label: m.mail_label_debited_from(), value: input.account },
    {
      label: m.mail_label_deduction_day(),
      value: m.mail_deduction_day_value({ day: mailDeductionDay(input.deductionDay) }),
    },
    { label: m.mail_label_first_debit(), value: mailDay(input.firstDebit) || m.mail_not_scheduled() },
    { label: m.mail_label_duration(), value: input.duration },
    { label: m.mail_label_reference(), value: input.reference },
  );
  return {
    subject: m.mail_debit_setup_subject({ campaign }),
    ...renderEmail({
      localized: true,
      preview: m.mail_debit_setup_preview({ campaign }),
      firstName: input.firstName,
      // The mandate stays in the words the donor accepted.
      intro: [m.mail_debit_setup_intro({ campaign }), input.mandateText],
      details,
      action: { label: m.mail_action_view_or_cancel_monthly(), link: input.manageLink },
      outro: [m.mail_debit_setup_outro()],
    }),
  };
}

/** A month's debit order was not paid (unpaid, disputed or reversed); `stopped` when it ended the debit order. */
export function debitOrderUnpaidEmail(
  input: RecurringScheduleMailInput & { month: string; outcome: string; stopped: boolean; failures: number },
): EmailTemplate {
  const campaign = input.campaignName;
  const { month, outcome } = input;
  const details = monthlyDetails(input);
  details.push(
    { label: m.mail_label_month(), value: month },
    { label: m.mail_label_result(), value: outcome },
    { label: m.mail_label_reference(), value: input.reference },
  );
  return {
    subject: input.stopped
      ? m.mail_debit_stopped_subject({ campaign })
      : m.mail_debit_unpaid_subject({ campaign }),
    ...renderEmail({
      localized: true,
      preview: input.stopped ? m.mail_debit_stopped_preview() : m.mail_debit_unpaid_preview(),
      firstName: input.firstName,
      intro: input.stopped
        ? [
            m.mail_debit_stopped_intro({ campaign, month, outcome, failures: String(input.failures) }),
            m.mail_debit_stopped_restart(),
          ]
        : [m.mail_debit_unpaid_intro({ campaign, month, outcome }), m.mail_debit_unpaid_retry()],
      details,
      action: input.stopped
        ? { label: m.mail_action_visit_campaign(), link: input.campaignLink }
        : { label: m.mail_action_view_or_cancel_monthly(), link: input.manageLink },
      outro: [m.mail_debit_outro()],
    }),
  };
}
