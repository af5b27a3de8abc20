import type { ReactElement } from 'react';
import { m } from '~/lib/i18n';
import { type DonationChoices, totalSummaryOf } from './donationValues';
import { type DonationFormStore, useDonationValues } from './useDonationValues';

/** What the donor will pay, announced as it changes. */
export function DonationTotal({
  form,
  choices,
}: {
  form: DonationFormStore;
  choices: DonationChoices;
}): ReactElement {
  const summary = totalSummaryOf(useDonationValues(form), choices);
  return (
    <p role="status" className="rounded-md bg-brand-light px-4 py-3 text-base font-semibold text-ink">
      {summary ?? m.donation_total_empty()}
    </p>
  );
}
