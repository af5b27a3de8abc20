import { getValue } from '@modular-forms/react';
import { useStore } from '@nanostores/react';
import { useSignals } from '@preact/signals-react/runtime';
import { atom } from 'nanostores';
import { type ReactElement, useId } from 'react';
import * as v from 'valibot';
import { debitableBank, maskAccountNumber } from '~/lib/bankAccountCdv';
import { isFormerBank, PAYSOFT_BANKS } from '~/lib/banks';
import { mandateCreditor, mandateText } from '~/lib/debitOrderMandate';
import { deductionDayLabel, durationLabel } from '~/lib/donationDisplay';
import { m } from '~/lib/i18n';
import { fromCents, toCents } from '~/lib/money';
import {
  accountTypeName,
  DEBIT_ORDER_ACCOUNT_TYPES,
  type DebitOrderInput,
  debitOrderSchema,
} from '~/lib/schemas/debitOrder';
import { type DonationChoices, extraAmountOf, parseAmount } from './donationValues';
import type { DonationFormStore } from './useDonationValues';

// The form controls' classes (fieldParts.tsx), written out so this chunk does not widen the
// donation page's shared form chunk.
const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink placeholder:text-gray-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600 disabled:bg-gray-100';
const labelClass = 'mb-1 block text-sm font-semibold text-ink';
const hintClass = 'mt-1 text-xs text-ink-muted';
const errorClass = 'mt-1 text-sm text-red-700';

/**
 * A monthly gift by debit order (Paysoft, payment method 7): the bank, account type, holder,
 * account and ID numbers, and the mandate in words the donor accepts. Loaded only when the donor
 * picks "Debit order", so the donation page's first download stays small; its values live here
 * and the form's submit asks for them (debitOrderOfForm) when it sends the monthly donation.
 */

interface DebitOrderValues {
  bankId: string;
  accountType: string;
  accountHolderName: string;
  accountNumber: string;
  idNumber: string;
  mandateAccepted: boolean;
}

const EMPTY: DebitOrderValues = {
  bankId: '',
  accountType: '',
  accountHolderName: '',
  accountNumber: '',
  idNumber: '',
  mandateAccepted: false,
};

const $values = atom<DebitOrderValues>(EMPTY);
const $errors = atom<Partial<Record<keyof DebitOrderValues, string>>>({});

// Banks that can be debited (Other/International cannot, nor a bank that no longer exists), by name.
const BANKS = PAYSOFT_BANKS.filter((b) => b.paysoftMapping !== '' && !isFormerBank(b.name)).sort((a, b) =>
  a.name.localeCompare(b.name),
);

function inputOf(values: DebitOrderValues) {
  return {
    bankId: values.bankId === '' ? null : Number(values.bankId),
    accountType: values.accountType === '' ? null : Number(values.accountType),
    accountHolderName: values.accountHolderName,
    accountNumber: values.accountNumber,
    idNumber: values.idNumber,
    mandateAccepted: values.mandateAccepted,
  };
}

/**
 * The debit order to send with the monthly donation, checked with the server's rules (CDV with
 * SPEC's message, the ID number, the mandate); null, with the messages shown, when it is not ready.
 */
export function debitOrderOfForm(): DebitOrderInput | null {
  const result = v.safeParse(debitOrderSchema, inputOf($values.get()));
  if (result.success) {
    $errors.set({});
    return result.output;
  }
  const errors: Partial<Record<keyof DebitOrderValues, string>> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as keyof DebitOrderValues | null;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  $errors.set(errors);
  document.getElementById(`debit-${Object.keys(errors)[0]}`)?.focus();
  return null;
}

function set<K extends keyof DebitOrderValues>(key: K, value: DebitOrderValues[K]): void {
  $values.set({ ...$values.get(), [key]: value });
  const { [key]: _cleared, ...rest } = $errors.get();
  $errors.set(rest);
}

function Message({ id, error }: { id: string; error: string | undefined }): ReactElement | null {
  return error ? (
    <p id={`${id}-error`} className={errorClass} role="alert">
      {error}
    </p>
  ) : null;
}

const describedBy = (id: string, error: string | undefined, hint = false): string | undefined =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

export function DebitOrderFields({
  form,
  choices,
}: {
  form: DonationFormStore;
  choices: DonationChoices;
}): ReactElement {
  const values = useStore($values);
  const errors = useStore($errors);
  useSignals();
  const formValues = {
    amount: getValue(form, 'amount') ?? '',
    coverFee: getValue(form, 'coverFee') ?? false,
    onceOffAmount: getValue(form, 'onceOffAmount') ?? '',
    deductionDate: getValue(form, 'deductionDate') ?? '',
    term: getValue(form, 'term') ?? '',
  };
  const mandateId = useId();

  const amount = parseAmount(formValues.amount) ?? 0;
  const monthly =
    Number.isFinite(amount) && amount > 0
      ? fromCents(toCents(amount) + toCents(extraAmountOf(amount, formValues, choices)))
      : 0;
  const onceOff = parseAmount(formValues.onceOffAmount) ?? 0;
  const bank = values.bankId === '' ? null : debitableBank(Number(values.bankId));
  const text = mandateText({
    accountHolderName: values.accountHolderName.trim() || m.donation_debit_placeholder_holder(),
    bankName: bank?.name ?? m.donation_debit_placeholder_bank(),
    accountNumberMasked: values.accountNumber.trim()
      ? maskAccountNumber(values.accountNumber)
      : m.donation_debit_placeholder_account(),
    monthlyAmount: monthly,
    onceOffAmount: Number.isFinite(onceOff) && onceOff > 0 ? onceOff : 0,
    deductionDay:
      formValues.deductionDate === ''
        ? m.donation_debit_placeholder_day()
        : deductionDayLabel(Number(formValues.deductionDate)),
    duration:
      formValues.term === '' ? m.donation_duration_until_cancelled() : durationLabel(Number(formValues.term)),
  });

  const textField = (
    key: 'accountHolderName' | 'accountNumber' | 'idNumber',
    label: string,
    hint?: string,
    inputMode?: 'numeric',
  ) => {
    const id = `debit-${key}`;
    return (
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <input
          id={id}
          className={inputClass}
          value={values[key]}
          onChange={(e) => set(key, e.currentTarget.value)}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy(id, errors[key], Boolean(hint))}
          autoComplete="off"
          {...(inputMode ? { inputMode } : {})}
        />
        {hint ? (
          <p id={`${id}-hint`} className={hintClass}>
            {hint}
          </p>
        ) : null}
        <Message id={id} error={errors[key]} />
      </div>
    );
  };

  return (
    <fieldset className="flex flex-col gap-4" data-testid="debit-order-fields">
      <legend className="mb-2 text-lg font-bold text-ink">{m.donation_debit_legend()}</legend>
      <div>
        <label htmlFor="debit-bankId" className={labelClass}>
          {m.donation_eft_bank()}
        </label>
        <select
          id="debit-bankId"
          className={inputClass}
          value={values.bankId}
          onChange={(e) => set('bankId', e.currentTarget.value)}
          aria-invalid={errors.bankId ? true : undefined}
          aria-describedby={describedBy('debit-bankId', errors.bankId, true)}
        >
          <option value="">{m.donation_debit_choose_bank()}</option>
          {BANKS.map((b) => (
            <option key={b.id} value={String(b.id)}>
              {b.name}
            </option>
          ))}
        </select>
        <p id="debit-bankId-hint" className={hintClass}>
          {bank
            ? m.donation_debit_branch_code({ code: bank.paysoftMapping })
            : m.donation_debit_branch_hint()}
        </p>
        <Message id="debit-bankId" error={errors.bankId} />
      </div>
      <fieldset>
        <legend className={labelClass}>{m.donation_debit_account_type()}</legend>
        <div className="flex flex-wrap gap-4">
          {DEBIT_ORDER_ACCOUNT_TYPES.map((type) => (
            <label key={type.id} className="flex items-center gap-2 text-base">
              <input
                type="radio"
                name="debit-accountType"
                id={`debit-accountType${type.id === 0 ? '' : `-${type.id}`}`}
                value={String(type.id)}
                checked={values.accountType === String(type.id)}
                onChange={() => set('accountType', String(type.id))}
              />
              {accountTypeName(type.id)}
            </label>
          ))}
        </div>
        <Message id="debit-accountType" error={errors.accountType} />
      </fieldset>
      {textField('accountHolderName', m.donation_debit_holder())}
      {textField('accountNumber', m.donation_eft_account_number(), undefined, 'numeric')}
      {textField('idNumber', m.donation_debit_id_number(), m.donation_debit_id_hint(), 'numeric')}
      <div className="rounded-md border border-gray-300 bg-white p-3">
        <p className="text-sm font-semibold text-ink">{m.donation_debit_mandate_title()}</p>
        <p id={mandateId} className="mt-1 text-sm text-ink" data-testid="debit-order-mandate">
          {text}
        </p>
        <label className="mt-3 flex items-start gap-2 text-base">
          <input
            id="debit-mandateAccepted"
            type="checkbox"
            checked={values.mandateAccepted}
            onChange={(e) => {
              set('mandateAccepted', e.currentTarget.checked);
            }}
            aria-describedby={describedBy('debit-mandateAccepted', errors.mandateAccepted) ?? mandateId}
          />
          <span>{m.donation_debit_accept({ creditor: mandateCreditor() })}</span>
        </label>
        <Message id="debit-mandateAccepted" error={errors.mandateAccepted} />
      </div>
    </fieldset>
  );
}
