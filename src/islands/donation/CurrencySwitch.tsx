import type { ReactElement } from 'react';
import { labelClass } from '~/islands/form/fieldParts';
import { Currency } from '~/lib/enums';
import { m } from '~/lib/i18n';

const CURRENCY_LABELS: Readonly<Record<Currency, () => string>> = {
  [Currency.Rand]: () => m.donation_currency_rand(),
  [Currency.Dollar]: () => m.donation_currency_dollar(),
};

interface Props {
  value: Currency;
  /** The currencies the campaign can be paid in (some gateway takes them). */
  options: readonly Currency[];
  onChange: (currency: Currency) => void;
}

/** Rand or US dollars, as radio buttons styled as a switch (arrow keys move between them). */
export function CurrencySwitch({ value, options, onChange }: Props): ReactElement | null {
  if (options.length < 2) return null;
  return (
    <fieldset>
      <legend className={labelClass}>{m.donation_currency()}</legend>
      <div className="inline-flex rounded-md border border-gray-300 bg-gray-50 p-1">
        {options.map((currency) => (
          <label
            key={currency}
            className="relative cursor-pointer rounded px-4 py-1.5 text-sm font-semibold text-ink-muted has-[:checked]:bg-white has-[:checked]:text-ink has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40"
          >
            <input
              type="radio"
              name="currency"
              value={currency}
              checked={value === currency}
              onChange={() => onChange(currency)}
              // Invisible but covering the whole label, so a tap anywhere on it lands on the radio itself.
              className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
            />
            {CURRENCY_LABELS[currency]()}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
