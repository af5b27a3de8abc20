import { getValues, setError, setValue } from '@modular-forms/react';
import { useLayoutEffect, useState } from 'react';
import { clampAndSnap } from '~/lib/browser/slider';
import { Currency } from '~/lib/enums';
import { type DonationFormStart, FORM_INPUTS, typedBeforeHydration } from './donationFormData';
import { DONATION_FIELDS, type DonationFormValues } from './donationValues';
import { TIP_RANGE } from './TipSlider';
import { completeDonationValues, type DonationFormStore } from './useDonationValues';

type FieldName = (typeof DONATION_FIELDS)[number];
const isField = (name: string): name is FieldName => (DONATION_FIELDS as readonly string[]).includes(name);

/**
 * A started form's values and messages from the first render, on the server and in the hydrated
 * island alike (set once, before anything reads them, so both render the same): the total and
 * the tip show the refilled amount without JavaScript, and a refused post's messages sit beside
 * their fields.
 */
export function useFormStart(form: DonationFormStore, start: DonationFormStart | null): void {
  useState(() => {
    if (!start) return null;
    const quiet = { shouldTouched: false, shouldDirty: false, shouldValidate: false, shouldFocus: false };
    // setValue creates each field's store, which the money shown and setError read.
    for (const [name, value] of Object.entries(start.values) as [keyof DonationFormValues, unknown][])
      setValue(form, name, value as never, quiet);
    for (const [name, message] of Object.entries(start.errors))
      if (isField(name)) setError(form, name, message, { shouldActive: false, shouldFocus: false });
    return null;
  });
}

/** The refused post's message for the whole form, or the first message no field shows. */
export function startNotice(start: DonationFormStart | null): string | null {
  if (!start) return null;
  if (start.notice) return start.notice;
  return Object.entries(start.errors).find(([name]) => !isField(name))?.[1] ?? null;
}

interface Choosers {
  currencyId: Currency;
  tipPercentage: number;
  setCurrency: (currency: Currency) => void;
  setTipPercentage: (percentage: number) => void;
}

/**
 * Keeps what the visitor typed or chose in the server-rendered form before JavaScript arrived:
 * React leaves the page's inputs as they are when it hydrates (and a change typed while it
 * hydrates fires no onChange), but the island's state starts from the rendered values, so the
 * first re-render would put those back. Read once, in the hydration's commit (a layout effect:
 * before the browser handles another event, such as a press of Donate now).
 */
export function useTypedBeforeHydration(form: DonationFormStore, choosers: Choosers): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration.
  useLayoutEffect(() => {
    const element = form.element.peek();
    if (!element) return;
    const posted = new FormData(element);
    const current = completeDonationValues(getValues(form, { shouldActive: false }));
    const changed = typedBeforeHydration(posted, current);
    for (const [name, value] of Object.entries(changed) as [keyof DonationFormValues, string | boolean][])
      setValue(form, name, value as never, { shouldFocus: false, shouldValidate: false });
    const currency = Number(posted.get(FORM_INPUTS.currency)) as Currency;
    if ((Object.values(Currency) as number[]).includes(currency) && currency !== choosers.currencyId)
      choosers.setCurrency(currency);
    const tipText = posted.get(FORM_INPUTS.tip);
    const tip = typeof tipText === 'string' && tipText !== '' ? Number(tipText) : Number.NaN;
    if (Number.isFinite(tip) && tip !== choosers.tipPercentage)
      choosers.setTipPercentage(clampAndSnap(tip, TIP_RANGE));
  }, []);
}
