import { type FormEvent, type ReactElement, useId, useState } from 'react';
import * as v from 'valibot';
import { errorClass, inputClass, labelClass } from '~/islands/form/fieldParts';
import type { Recurrence } from '~/lib/api/myDonations';
import { deductionDayLabel, durationLabel } from '~/lib/donationDisplay';
import { type Currency, RecurringDay, RecurringDuration } from '~/lib/enums';
import { recurringScheduleSchema } from '~/lib/schemas/donation';
import { changeRecurring } from '~/stores/myDonations';

type Field = 'amount' | 'term' | 'deductionDate';
type FieldErrors = Partial<Record<Field, string>>;

interface Props {
  recurrence: Recurrence;
  onDone: () => void;
}

/** '1 250,50' or 'R 1 250.50' as typed → 1250.5; empty → null (the schema asks for an amount). */
function amountFrom(text: string): number | string | null {
  const cleaned = text.replace(/[\sR$]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  const amount = Number(cleaned);
  return Number.isFinite(amount) ? amount : text;
}

/** The first message of each field, from valibot's issues or the server's `data`. */
function firstMessages(issues: Record<string, readonly string[] | undefined> | null): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['amount', 'term', 'deductionDate'] as const) {
    const message = issues?.[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * Change a monthly donation's amount, duration and deduction day, checked with
 * the same rules as the donation form and the server (recurringScheduleSchema).
 */
export function ChangeMonthlyDonation({ recurrence, onDone }: Props): ReactElement {
  const id = useId();
  const [amount, setAmount] = useState(String(recurrence.amount));
  const [term, setTerm] = useState<number>(recurrence.term);
  const [deductionDate, setDeductionDate] = useState<number>(recurrence.deductionDate);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const schema = recurringScheduleSchema(recurrence.currency.id as Currency);
    const parsed = v.safeParse(schema, { amount: amountFrom(amount), term, deductionDate });
    if (!parsed.success) {
      setErrors(firstMessages(v.flatten<typeof schema>(parsed.issues).nested ?? null));
      return;
    }
    setErrors({});
    setBusy(true);
    const outcome = await changeRecurring(recurrence.donationSchedulerId, {
      amount: parsed.output.amount as number,
      term: parsed.output.term as number,
      deductionDate: parsed.output.deductionDate as number,
    });
    setBusy(false);
    if (outcome.ok) onDone();
    else setErrors(firstMessages(outcome.fieldErrors));
  };

  const fieldId = (field: Field): string => `${id}-${field}`;
  const describedBy = (field: Field): string | undefined =>
    errors[field] ? `${fieldId(field)}-error` : undefined;
  const error = (field: Field): ReactElement | null =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className={errorClass}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      noValidate
      aria-label={`Change your monthly donation to ${recurrence.campaign.name}`}
      className="mt-3 space-y-3 rounded-lg bg-brand-light/60 p-4"
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={fieldId('amount')} className={labelClass}>
            Amount per month ({recurrence.currency.symbol})
          </label>
          <input
            id={fieldId('amount')}
            type="text"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describedBy('amount')}
            className={inputClass}
          />
          {error('amount')}
        </div>
        <div>
          <label htmlFor={fieldId('deductionDate')} className={labelClass}>
            Deduction day
          </label>
          <select
            id={fieldId('deductionDate')}
            value={deductionDate}
            onChange={(event) => setDeductionDate(Number(event.target.value))}
            aria-invalid={errors.deductionDate ? true : undefined}
            aria-describedby={describedBy('deductionDate')}
            className={inputClass}
          >
            {Object.values(RecurringDay).map((day) => (
              <option key={day} value={day}>
                {deductionDayLabel(day)}
              </option>
            ))}
          </select>
          {error('deductionDate')}
        </div>
        <div>
          <label htmlFor={fieldId('term')} className={labelClass}>
            Duration
          </label>
          <select
            id={fieldId('term')}
            value={term}
            onChange={(event) => setTerm(Number(event.target.value))}
            aria-invalid={errors.term ? true : undefined}
            aria-describedby={describedBy('term')}
            className={inputClass}
          >
            {Object.values(RecurringDuration).map((duration) => (
              <option key={duration} value={duration}>
                {durationLabel(duration)}
              </option>
            ))}
          </select>
          {error('term')}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary disabled:opacity-60" disabled={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="btn-outline bg-white" onClick={onDone} disabled={busy}>
          Keep as it is
        </button>
      </div>
    </form>
  );
}
