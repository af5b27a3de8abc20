import type { ReactElement } from 'react';
import { TitledSection } from '~/islands/shared/TitledSection';
import type { TransactionInfo } from '~/lib/api/donations';
import { thanksHref } from '~/lib/campaignDisplay';
import { href, m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { INSTRUCTIONS, type PaymentFact, PaymentFacts } from './PaymentInstructions';

interface Props {
  info: TransactionInfo;
  /** The donation's receipt token, for its thank-you page. */
  token: string;
}

/** After choosing EFT: where to transfer the money and the reference that ties it to the donation. */
export function EftInstructions({ info, token }: Props): ReactElement {
  const bank = info.bankingDetails;
  const facts: PaymentFact[] = [
    ['amount', m.donation_amount(), formatMoney(info.amount, info.currency)],
    ['reference', m.donation_eft_reference(), info.referenceNumber, m.donation_eft_copy_reference()],
    ...(bank
      ? ([
          ['bank', m.donation_eft_bank(), bank.bankName],
          ['account-name', m.donation_eft_account_name(), bank.accountName],
          [
            'account-number',
            m.donation_eft_account_number(),
            bank.accountNumber,
            m.donation_eft_copy_account_number(),
          ],
          ['branch-code', m.donation_eft_branch_code(), bank.branchNumber],
        ] as PaymentFact[])
      : []),
  ];
  return (
    <TitledSection id="eft" title={m.donation_eft_title()} {...INSTRUCTIONS}>
      <p>{m.donation_eft_intro()}</p>
      <PaymentFacts id="eft" facts={facts} />
      <p className="text-sm text-ink-muted">{m.donation_eft_timing()}</p>
      <a href={href(thanksHref(token))} className="btn-primary w-full py-3">
        {m.donation_eft_done()}
      </a>
    </TitledSection>
  );
}
