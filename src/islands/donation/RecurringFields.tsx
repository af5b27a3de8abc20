import { Field, type FormStore, getValue, setValue } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useEffect } from 'react';
import { AmountField } from '~/islands/form/AmountField';
import { CheckboxField } from '~/islands/form/CheckboxField';
import type { Option } from '~/islands/form/fieldParts';
import { RadioField } from '~/islands/form/RadioField';
import { SelectField } from '~/islands/form/SelectField';
import { RecurringDay, RecurringDuration } from '~/lib/enums';
import type { DonationFormValues } from './donationValues';

interface Props {
  form: FormStore<DonationFormValues, undefined>;
  symbol: string;
}

const DURATION_OPTIONS: readonly Option[] = [
  { value: String(RecurringDuration.Indefinite), label: 'Indefinite (until I cancel)' },
  { value: String(RecurringDuration.TwoMonths), label: '2 months' },
  { value: String(RecurringDuration.ThreeMonths), label: '3 months' },
  { value: String(RecurringDuration.SixMonths), label: '6 months' },
  { value: String(RecurringDuration.TwelveMonths), label: '12 months' },
  { value: String(RecurringDuration.TwentyFourMonths), label: '24 months' },
];

const DAY_OPTIONS: readonly Option[] = [
  { value: String(RecurringDay.FirstDayOfMonth), label: '1st' },
  { value: String(RecurringDay.FifteenthDayOfMonth), label: '15th' },
  { value: String(RecurringDay.TwentyFifthDayOfMonth), label: '25th' },
];

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
      <legend className="mb-2 text-lg font-bold text-ink">Monthly schedule</legend>
      <Field of={form} name="term">
        {(field, props) => (
          <SelectField
            field={field}
            props={props}
            label="Duration"
            options={DURATION_OPTIONS}
            placeholder="Choose how long"
            required
          />
        )}
      </Field>
      <Field of={form} name="deductionDate">
        {(field, props) => (
          <RadioField
            field={field}
            props={props}
            legend="Deduction day"
            options={DAY_OPTIONS}
            hint={
              debitOrder
                ? 'Your bank account is debited on this day each month, starting with the next one.'
                : 'The first payment is taken now; the next ones on this day each month.'
            }
          />
        )}
      </Field>
      <Field of={form} name="onceOffAmount">
        {(field, props) => (
          <AmountField
            field={field}
            props={props}
            label="Once-off amount"
            symbol={symbol}
            hint="An extra gift added to the first payment only."
          />
        )}
      </Field>
      <Field of={form} name="cardConsent" type="boolean">
        {(field, props) =>
          debitOrder ? null : (
            <CheckboxField
              field={field}
              props={props}
              label="I agree that PayFast keeps my card details for this monthly donation"
              hint="You can cancel the monthly donation at any time."
            />
          )
        }
      </Field>
    </fieldset>
  );
}
