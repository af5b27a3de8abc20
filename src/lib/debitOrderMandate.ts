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
  /** '1st', '15th' or '25th'. */
  deductionDay: string;
  /** 'Until cancelled' or '6 months'. */
  duration: string;
}

export const MANDATE_CREDITOR = 'Letsema Fundraising NPC, through its collection agent Paysoft';

export function mandateText(t: MandateTerms): string {
  const amount = formatMoney(t.monthlyAmount, 1);
  const first =
    t.onceOffAmount > 0 ? ` The first debit adds a once-off ${formatMoney(t.onceOffAmount, 1)}.` : '';
  const until =
    t.duration.toLowerCase() === 'until cancelled'
      ? 'until I cancel it'
      : `for ${t.duration}, or until I cancel it if sooner`;
  return (
    `I, ${t.accountHolderName}, authorise ${MANDATE_CREDITOR}, to debit my account ${t.accountNumberMasked} at ${t.bankName} ` +
    `with ${amount} on the ${t.deductionDay} of each month (or the next business day), ${until}.${first} ` +
    'I can cancel at any time from the link in my emails or from My Donations; a debit already submitted to the bank may still go through. ' +
    'The debit shows on my bank statement as LETSEMA with the reference of this donation.'
  );
}
