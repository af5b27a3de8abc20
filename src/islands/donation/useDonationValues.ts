import { type FormStore, getValue } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type DonationFormValues, EMPTY_DONATION_VALUES } from './donationValues';

export type DonationFormStore = FormStore<DonationFormValues, undefined>;

/** The values with defaults for what is missing (modular-forms leaves out fields not on screen). */
export function completeDonationValues(
  values: { [K in keyof DonationFormValues]?: DonationFormValues[K] | null | undefined },
): DonationFormValues {
  const result = { ...EMPTY_DONATION_VALUES };
  for (const key of Object.keys(result) as (keyof DonationFormValues)[]) {
    const value = values[key];
    if (value !== null && value !== undefined) Object.assign(result, { [key]: value });
  }
  return result;
}

/** Reads the values that set the money shown (subscribing to them), for the parts that show it. */
export function useDonationValues(form: DonationFormStore): DonationFormValues {
  useSignals();
  return completeDonationValues({
    amount: getValue(form, 'amount') ?? '',
    coverFee: getValue(form, 'coverFee') ?? false,
    onceOffAmount: getValue(form, 'onceOffAmount') ?? '',
  });
}
