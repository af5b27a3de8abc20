import { Field, type FormStore, getValue, setValue } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useEffect } from 'react';
import { AmountField } from '~/islands/form/AmountField';
import { CheckboxField } from '~/islands/form/CheckboxField';
import type { Option } from '~/islands/form/fieldParts';
import { RadioField } from '~/islands/form/RadioField';
import { SelectField } from '~/islands/form/SelectField';
import { dayOfMonthLabel } from '~/lib/donationDisplay';
import { RecurringDay, RecurringDuration } from '~/lib/enums';
import { m } from '~/lib/i18n';
import type { DonationFormValues } from './donationValues';

interface Props {
  form: FormStore<DonationFormValues, undefined>;
  symbol: string;
}

/** The durations offered, in the page's language ('Indefinite (until I cancel)', '2 months'…). */
const durationOptions = (): Option[] => [
  { value: String(RecurringDuration.Indefinite), label: m.donation_duration_indefinite() },
  ...(
    [
      [RecurringDuration.TwoMonths, 2],
      [RecurringDuration.ThreeMonths, 3],
      [RecurringDuration.SixMonths, 6],
      [RecurringDuration.TwelveMonths, 12],
      [RecurringDuration.TwentyFourMonths, 24],
    ] as const
  ).map(([value, count]) => ({ value: String(value), label: m.donation_duration_months({ count }) })),
];

/** The deduction days, in the page's language ('1st', '15th', '25th' in English). */
const dayOptions = (): Option[] =>
  (
    [
      [RecurringDay.FirstDayOfMonth, 1],
      [RecurringDay.FifteenthDayOfMonth, 15],
      [RecurringDay.TwentyFifthDayOfMonth, 25],
    ] as const
  ).map(([value, day]) => ({ value: String(value), label: dayOfMonthLabel(day) }));

/** A monthly donation's schedule: how long, which day, card consent and an optional once-off gift. */
export function RecurringFields({ form, symbol }: Props): ReactElement {
  // A debit order (7) keeps no card: its mandate (DebitOrderFields) is the donor's consent.
  useSignals();
  const debitOrder = getValue(form, 'paymentMethod') === '7';
  useEffect(() => {
    if (debitOrder) setValue(form, 'cardConsent', true, { shouldValidate: false, shouldFocus: false });
  }, [debitOrder, form]);
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-bold text-ink">{m.donation_monthly_schedule()}</legend>
      <Field of={form} name="term">
        {(field, props) => (
          <SelectField
            field={field}
            props={props}
            label={m.donation_duration()}
            options={durationOptions()}
            placeholder={m.donation_choose_duration()}
            required
          />
        )}
      </Field>
      <Field of={form} name="deductionDate">
        {(field, props) => (
          <RadioField
            field={field}
            props={props}
            legend={m.donation_deduction_day()}
            options={dayOptions()}
            hint={debitOrder ? m.donation_deduction_hint_debit() : m.donation_deduction_hint_card()}
          />
        )}
      </Field>
      <Field of={form} name="onceOffAmount">
        {(field, props) => (
          <AmountField
            field={field}
            props={props}
            label={m.donation_once_off_amount()}
            symbol={symbol}
            hint={m.donation_once_off_hint()}
          />
        )}
      </Field>
      <Field of={form} name="cardConsent" type="boolean">
        {(field, props) =>
          debitOrder ? null : (
            <CheckboxField
              field={field}
              props={props}
              label={m.donation_card_consent()}
              hint={m.donation_card_consent_hint()}
            />
          )
        }
      </Field>
    </fieldset>
  );
}
