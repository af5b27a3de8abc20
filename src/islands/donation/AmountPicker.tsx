import type { FieldElementProps, FieldStore } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { AmountField } from '~/islands/form/AmountField';
import { Currency, DONATION_MIN_AMOUNT } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { CURRENCY_SYMBOLS, parseAmount } from './donationValues';

/** Suggested gifts per currency, smallest first. */
export const AMOUNT_PRESETS: Readonly<Record<Currency, readonly number[]>> = {
  [Currency.Rand]: [100, 250, 500, 1000],
  [Currency.Dollar]: [10, 25, 50, 100],
};

interface Props {
  // biome-ignore lint/suspicious/noExplicitAny: the amount field of the donation form.
  field: FieldStore<any, any>;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  props: FieldElementProps<any, any>;
  currencyId: Currency;
  /** A preset was chosen: the form sets the amount to it. */
  onPick: (amount: number) => void;
  label: string;
}

/** The currency's smallest gift as the form states it beside the amount: 'R 20 minimum', 'US $ 5 minimum'. */
export function minimumLabel(currencyId: Currency): string {
  return m.donation_minimum_hint({
    amount: `${CURRENCY_SYMBOLS[currencyId]} ${DONATION_MIN_AMOUNT[currencyId]}`,
  });
}

/** Preset amounts as toggle buttons, and the amount input itself for any other gift. */
export function AmountPicker({ field, props, currencyId, onPick, label }: Props): ReactElement {
  useSignals();
  const symbol = CURRENCY_SYMBOLS[currencyId];
  const current = parseAmount(typeof field.value.value === 'string' ? field.value.value : '');
  return (
    <div className="flex flex-col gap-3">
      <fieldset>
        <legend className="sr-only">{m.donation_suggested_amounts()}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {AMOUNT_PRESETS[currencyId].map((amount) => (
            <button
              key={amount}
              type="button"
              aria-pressed={current === amount}
              onClick={() => onPick(amount)}
              className="rounded-md border border-gray-300 bg-white px-3 py-3 text-lg font-bold text-ink hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand aria-[pressed=true]:border-brand aria-[pressed=true]:bg-brand aria-[pressed=true]:text-white"
            >
              {formatMoney(amount, { symbol }).replace(/\.00$/, '')}
            </button>
          ))}
        </div>
      </fieldset>
      <AmountField
        field={field}
        props={props}
        label={label}
        symbol={symbol}
        hint={minimumLabel(currencyId)}
        required
      />
    </div>
  );
}
