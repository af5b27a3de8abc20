import { type ReactElement, useEffect, useRef } from 'react';
import type { TransactionInfo } from '~/lib/api/donations';
import { thanksHref } from '~/lib/campaignDisplay';
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
  /** Label, value, and what a copy button names it (the values a donor pastes into a banking app). */
  const rows: [string, string, string?][] = [
    ['Amount', formatMoney(info.amount, info.currency)],
    ['Reference', info.referenceNumber, 'reference'],
    ...(bank
      ? ([
          ['Bank', bank.bankName],
          ['Account name', bank.accountName],
          ['Account number', bank.accountNumber, 'account number'],
          ['Branch code', bank.branchNumber],
        ] as [string, string, string?][])
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
        Pay by bank transfer (EFT)
      </h2>
      <p>
        Your donation is saved. Transfer the amount below and use the reference exactly as shown, so we can
        match your payment. We email you these details too.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-gray-200 bg-gray-50 p-4">
        {rows.map(([label, value, copyAs]) => {
          const id = `eft-${label.toLowerCase().replace(/\s+/g, '-')}`;
          return (
            <div key={label} className="contents">
              <dt className="self-center text-ink-muted">{label}</dt>
              <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 break-words font-semibold text-ink">
                <span id={id}>{value}</span>
                {copyAs ? <CopyValueButton value={value} what={copyAs} targetId={id} /> : null}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="text-sm text-ink-muted">
        The campaign's total goes up once the money reaches us, usually within 2 working days.
      </p>
      <a href={thanksHref(token)} className="btn-primary w-full py-3">
        I have made the transfer
      </a>
    </section>
  );
}
