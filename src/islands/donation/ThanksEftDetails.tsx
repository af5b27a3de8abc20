import type { ReactElement } from 'react';
import type { DonationBankingDetails } from '~/lib/api/myDonations';
import { CopyValueButton } from './CopyValueButton';

interface Props {
  bankingDetails: DonationBankingDetails;
  referenceNumber: string | null;
  /** The amount to transfer, formatted. */
  amountText: string;
}

/** Where an EFT donor transfers the money, and the reference that ties the transfer to the donation. */
export function ThanksEftDetails({ bankingDetails, referenceNumber, amountText }: Props): ReactElement {
  /** Term, value, and what a copy button names it (the values a donor pastes into a banking app). */
  const rows: [string, string, string?][] = [
    ['Amount to pay', amountText],
    ['Reference', referenceNumber ?? '', 'reference'],
    ['Bank', bankingDetails.bankName],
    ['Account name', bankingDetails.accountName],
    ['Account number', bankingDetails.accountNumber, 'account number'],
    ['Branch code', bankingDetails.branchNumber],
  ];
  return (
    <section
      aria-labelledby="thanks-eft-title"
      className="rounded-lg border border-brand/30 bg-brand-light p-4"
    >
      <h2 id="thanks-eft-title" className="font-bold text-ink">
        Bank details for your transfer
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value, copyAs]) => {
          const id = `thanks-eft-${term.toLowerCase().replace(/\s+/g, '-')}`;
          return (
            <div key={term} className="contents">
              <dt className="self-center text-sm font-semibold text-ink-muted">{term}</dt>
              <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 font-mono text-ink">
                <span id={id}>{value}</span>
                {copyAs && value ? <CopyValueButton value={value} what={copyAs} targetId={id} /> : null}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-3 text-sm text-ink-muted">
        Use the reference exactly as shown so we can match your transfer to your donation. We will email your
        receipt once the money arrives.
      </p>
    </section>
  );
}
