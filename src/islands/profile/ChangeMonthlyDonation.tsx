import { type FormEvent, type ReactElement, useId, useState } from 'react';
import * as v from 'valibot';
import { inputClass, LabelledField } from '~/islands/form/fieldParts';
import type { Recurrence } from '~/lib/api/myDonations';
import { deductionDayLabel, durationLabel } from '~/lib/donationDisplay';
import { type Currency, RecurringDay, RecurringDuration } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { recurringScheduleSchema } from '~/lib/schemas/donation';
import { changeRecurring } from '~/stores/myDonations';

type Field = 'amount' | 'term' | 'deductionDate';
type FieldErrors = Partial<Record<Field, string>>;

interface Props {
  recurrence: Recurrence;
  /** The schedule's token (a guest's mail link) instead of the signed-in donor's id. */
  token?: string;
  /** Saved or left as it is; `saved` is the schedule as the server answered it. */
  onDone: (saved?: Recurrence) => void;
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

/** A labelled select of numbered choices (deduction day, duration). */
function ScheduleSelect({
  id,
  label,
  value,
  onChange,
  choices,
  error,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  choices: readonly (readonly [number, string])[];
  error: string | undefined;
}): ReactElement {
  return (
    <LabelledField id={id} label={label} required error={error ?? ''}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      >
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/**
 * Change a monthly donation's amount, duration and deduction day, checked with
 * the same rules as the donation form and the server (recurringScheduleSchema).
 */
export function ChangeMonthlyDonation({ recurrence, token, onDone }: Props): ReactElement {
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
    const outcome = await changeRecurring(
      token ?? recurrence.donationSchedulerId,
      {
        amount: parsed.output.amount as number,
        term: parsed.output.term as number,
        deductionDate: parsed.output.deductionDate as number,
      },
      token !== undefined,
    );
    setBusy(false);
    if (outcome.ok) onDone(outcome.recurrence);
    else setErrors(firstMessages(outcome.fieldErrors));
  };

  const fieldId = (field: Field): string => `${id}-${field}`;

  return (
    <form
      noValidate
      aria-label={m.profile_change_form_label({ name: recurrence.campaign.name })}
      className="mt-3 space-y-3 rounded-lg bg-brand-light/60 p-4"
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <LabelledField
          id={fieldId('amount')}
          label={m.profile_amount_per_month_in({ symbol: recurrence.currency.symbol })}
          required
          error={errors.amount ?? ''}
        >
          <input
            id={fieldId('amount')}
            type="text"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${fieldId('amount')}-error` : undefined}
            className={inputClass}
          />
        </LabelledField>
        <ScheduleSelect
          id={fieldId('deductionDate')}
          label={m.profile_deduction_day()}
          value={deductionDate}
          onChange={setDeductionDate}
          choices={Object.values(RecurringDay).map((day) => [day, deductionDayLabel(day)])}
          error={errors.deductionDate}
        />
        <ScheduleSelect
          id={fieldId('term')}
          label={m.profile_duration()}
          value={term}
          onChange={setTerm}
          choices={Object.values(RecurringDuration).map((duration) => [duration, durationLabel(duration)])}
          error={errors.term}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary disabled:opacity-60" disabled={busy}>
          {busy ? m.profile_saving() : m.profile_save_changes()}
        </button>
        <button type="button" className="btn-outline bg-white" onClick={() => onDone()} disabled={busy}>
          {m.profile_keep_as_is()}
        </button>
      </div>
    </form>
  );
}
