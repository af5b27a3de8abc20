import { m } from './i18n';
import { formatMoney } from './money';

/**
 * The debit order mandate in words, as the donor accepts it in the form and as it is kept with
 * the monthly donation (and mailed back): who debits, how much, which day, until when. Pure:
 * the form's debit-order part and the server build the same text.
 */
export interface MandateTerms {
  accountHolderName: string;
  bankName: string;
  /** Masked: '••••••1234'. */
  accountNumberMasked: string;
  /** Rand, the monthly amount plus any tip or fee. */
  monthlyAmount: number;
  /** Rand, an extra first debit on top (0 when none). */
  onceOffAmount: number;
  /** '1st', '15th' or '25th' (deductionDayLabel, in the mandate's language). */
  deductionDay: string;
  /** 'Until cancelled' or '6 months' (durationLabel, in the mandate's language). */
  duration: string;
}

export const MANDATE_CREDITOR = 'Letsema Fundraising NPC, through its collection agent Paysoft';

/** MANDATE_CREDITOR in the current language (the company's name stays as it is). */
export const mandateCreditor = (): string => m.donation_mandate_creditor();

/**
 * The mandate in the current language (issue 27): the form shows it in the page's language, and
 * the server, answering the form's call in that same language, keeps the very text the donor
 * accepted. English word for word as before.
 */
export function mandateText(t: MandateTerms): string {
  const amount = formatMoney(t.monthlyAmount, 1);
  const first =
    t.onceOffAmount > 0 ? m.donation_mandate_first({ amount: formatMoney(t.onceOffAmount, 1) }) : '';
  const untilCancelled =
    t.duration.toLowerCase() === 'until cancelled' || t.duration === m.donation_duration_until_cancelled();
  const until = untilCancelled
    ? m.donation_mandate_until_cancel()
    : m.donation_mandate_for_duration({ duration: t.duration });
  return m.donation_mandate_body({
    holder: t.accountHolderName,
    creditor: mandateCreditor(),
    account: t.accountNumberMasked,
    bank: t.bankName,
    amount,
    day: t.deductionDay,
    until,
    first,
  });
}
