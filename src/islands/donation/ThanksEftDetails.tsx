import type { ReactElement } from 'react';
import type { DonationBankingDetails } from '~/lib/api/myDonations';
import { m } from '~/lib/i18n';
import { CopyValueButton, type CopyWhat } from './CopyValueButton';

interface Props {
  bankingDetails: DonationBankingDetails;
  referenceNumber: string | null;
  /** The amount to transfer, formatted. */
  amountText: string;
}

/** Where an EFT donor transfers the money, and the reference that ties the transfer to the donation. */
export function ThanksEftDetails({ bankingDetails, referenceNumber, amountText }: Props): ReactElement {
  /**
   * The id of the value's element (in English, whatever the page's language), term, value, and
   * what a copy button names it (the values a donor pastes into a banking app).
   */
  const rows: [string, string, string, CopyWhat?][] = [
    ['amount-to-pay', m.thanks_eft_amount(), amountText],
    ['reference', m.thanks_row_reference(), referenceNumber ?? '', 'reference'],
    ['bank', m.thanks_eft_bank(), bankingDetails.bankName],
    ['account-name', m.thanks_eft_account_name(), bankingDetails.accountName],
    ['account-number', m.thanks_eft_account_number(), bankingDetails.accountNumber, 'account number'],
    ['branch-code', m.thanks_eft_branch_code(), bankingDetails.branchNumber],
  ];
  return (
    <section
      aria-labelledby="thanks-eft-title"
      className="rounded-lg border border-brand/30 bg-brand-light p-4"
    >
      <h2 id="thanks-eft-title" className="font-bold text-ink">
        {m.thanks_eft_title()}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([name, term, value, copyAs]) => {
          const id = `thanks-eft-${name}`;
          return (
            <div key={name} className="contents">
              <dt className="self-center text-sm font-semibold text-ink-muted">{term}</dt>
              <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 font-mono text-ink">
                <span id={id}>{value}</span>
                {copyAs && value ? <CopyValueButton value={value} what={copyAs} targetId={id} /> : null}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-3 text-sm text-ink-muted">{m.thanks_eft_note()}</p>
    </section>
  );
}
