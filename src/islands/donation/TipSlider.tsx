import type { ReactElement } from 'react';
import { hintClass, labelClass } from '~/islands/form/fieldParts';
import { clampAndSnap, type SliderRange } from '~/lib/browser/slider';
import type { Currency } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { MAX_TIP_PERCENTAGE, TIP_PERCENTAGE_STEP } from '~/lib/paymentMethods';
import { CURRENCY_SYMBOLS } from './donationValues';

export const TIP_RANGE: SliderRange = { min: 0, max: MAX_TIP_PERCENTAGE, step: TIP_PERCENTAGE_STEP };

interface Props {
  percentage: number;
  onChange: (percentage: number) => void;
  /** The tip in money for the current amount (0 until there is one). */
  tip: number;
  currencyId: Currency;
}

/** The tip as a share of the gift: 0–30 %, in half-percent steps, clamped and snapped (SPEC §5). */
export function TipSlider({ percentage, onChange, tip, currencyId }: Props): ReactElement {
  const money = formatMoney(tip, { symbol: CURRENCY_SYMBOLS[currencyId] });
  const text = `${percentage} % (${money})`;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor="tip-percentage" className={labelClass}>
          {m.donation_tip_label()}
        </label>
        <output htmlFor="tip-percentage" className="whitespace-nowrap text-sm font-semibold tabular-nums">
          {text}
        </output>
      </div>
      <input
        id="tip-percentage"
        name="tipPercentage"
        type="range"
        min={TIP_RANGE.min}
        max={TIP_RANGE.max}
        step={TIP_RANGE.step}
        value={percentage}
        aria-valuetext={text}
        aria-describedby="tip-percentage-hint"
        onChange={(event) => onChange(clampAndSnap(Number(event.currentTarget.value), TIP_RANGE))}
        className="block h-11 w-full cursor-pointer accent-brand"
      />
      <p id="tip-percentage-hint" className={hintClass}>
        {m.donation_tip_hint()}
      </p>
    </div>
  );
}
