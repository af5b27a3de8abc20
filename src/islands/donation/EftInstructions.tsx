import { type ReactElement, useEffect, useRef } from 'react';
import type { TransactionInfo } from '~/lib/api/donations';
import { thanksHref } from '~/lib/campaignDisplay';
import { href, m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { CopyValueButton } from './CopyValueButton';

interface Props {
  info: TransactionInfo;
  /** The donation's receipt token, for its thank-you page. */
  token: string;
}

/** After choosing EFT: where to transfer the money and the reference that ties it to the donation. */
export function EftInstructions({ info, token }: Props): ReactElement {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const bank = info.bankingDetails;
  /**
   * The row's id (the English label's, whatever the page's language), label, value, and what a
   * copy button names it (the values a donor pastes into a banking app).
   */
  const rows: [string, string, string, string?][] = [
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
        ] as [string, string, string, string?][])
      : []),
  ];
  return (
    <section aria-labelledby="eft-title" className="flex flex-col gap-4">
      <h2
        id="eft-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-ink focus:outline-none"
      >
        {m.donation_eft_title()}
      </h2>
      <p>{m.donation_eft_intro()}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-gray-200 bg-gray-50 p-4">
        {rows.map(([key, label, value, copyAs]) => {
          const id = `eft-${key}`;
          return (
            <div key={key} className="contents">
              <dt className="self-center text-ink-muted">{label}</dt>
              <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 break-words font-semibold text-ink">
                <span id={id}>{value}</span>
                {copyAs ? <CopyValueButton value={value} what={copyAs} targetId={id} /> : null}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="text-sm text-ink-muted">{m.donation_eft_timing()}</p>
      <a href={href(thanksHref(token))} className="btn-primary w-full py-3">
        {m.donation_eft_done()}
      </a>
    </section>
  );
}
