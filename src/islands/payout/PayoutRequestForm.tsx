import { type FieldValues, type FormErrors, type FormStore, reset, useForm } from '@modular-forms/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import type { Failure } from '~/islands/editor/campaignActions';
import { FormNotice } from '~/islands/form/FormNotice';
import { SubmitButton } from '~/islands/form/SubmitButton';
import type { PayoutCreated } from '~/lib/api/payouts';
import { formatMoney } from '~/lib/money';
import { PayoutTextFields } from './PayoutTextFields';
import type { PayoutResult } from './payoutActions';

interface PayoutRequestOptions<T extends FieldValues> {
  /** The form's values when it opens and after each request. */
  empty: () => T;
  validate: (values: T) => Record<string, string>;
  /** Sends the request; null when the form itself stopped it (and said why). */
  send: (values: T) => Promise<PayoutResult | null>;
  /** Puts the server's field errors under the inputs; answers whether any was shown. */
  showErrors: (form: FormStore<T, undefined>, failure: Failure, values: T) => boolean;
  /** After a request: the page reads the funds again. */
  onRequested: () => void;
}

export interface PayoutRequest<T extends FieldValues> {
  form: FormStore<T, undefined>;
  Form: FormParts<T>['Form'];
  Field: FormParts<T>['Field'];
  onSubmit: (values: T) => Promise<void>;
  /** The server's refusal of the last request, when no field error says it. */
  refusal: string | null;
  /** The last request made. */
  requested: PayoutCreated | null;
}

type FormParts<T extends FieldValues> = ReturnType<typeof useForm<T>>[1];

/**
 * What every payout form does around its own fields: the request, the form emptied and the
 * figures read again once it is made (and said so), the server's field errors under the inputs,
 * else its refusal above the form.
 */
export function usePayoutRequest<T extends FieldValues>({
  empty,
  validate,
  send,
  showErrors,
  onRequested,
}: PayoutRequestOptions<T>): PayoutRequest<T> {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [requested, setRequested] = useState<PayoutCreated | null>(null);
  const [form, { Form, Field }] = useForm<T>({
    initialValues: empty() as never,
    validate: (values) => validate(values as T) as FormErrors<T>,
  });

  const onSubmit = async (values: T): Promise<void> => {
    setRefusal(null);
    setRequested(null);
    const result = await send(values);
    if (!result) return;
    if (result.ok) {
      reset(form, { initialValues: empty() as never });
      setRequested(result.payout);
      onRequested();
      return;
    }
    if (!showErrors(form, result, values)) setRefusal(result.message);
  };

  return { form, Form, Field, onSubmit, refusal, requested };
}

interface Props<T extends FieldValues> {
  request: PayoutRequest<T>;
  /** The form's accessible name. */
  label: string;
  /** Why nothing can be requested now (nothingToRequest): the form is disabled and says so. */
  unavailable: string | null;
  children: ReactNode;
}

/**
 * A payout request form: its own fields (children), then the description and notes and the
 * request button; the outcome of the last request above them.
 */
export function PayoutRequestForm<T extends FieldValues>({
  request,
  label,
  unavailable,
  children,
}: Props<T>): ReactElement {
  const { Form, form, onSubmit, refusal, requested } = request;
  return (
    <Form onSubmit={onSubmit} className="space-y-5" aria-label={label}>
      {refusal ? <FormNotice tone="error">{refusal}</FormNotice> : null}
      {requested ? (
        <FormNotice tone="success">
          Your request for {formatMoney(requested.amount, requested.currency)} was sent. It is listed under
          your payouts below while our team reviews it.
        </FormNotice>
      ) : null}
      {unavailable ? <FormNotice tone="info">{unavailable}</FormNotice> : null}
      {/* Disabled as a whole, the button with it, when nothing can be requested. */}
      <fieldset className="min-w-0 space-y-5" disabled={unavailable !== null}>
        {children}
        <PayoutTextFields form={form} />
        <SubmitButton
          form={form}
          busyLabel="Requesting…"
          className="btn-primary disabled:cursor-not-allowed disabled:opacity-60"
        >
          Request payout
        </SubmitButton>
      </fieldset>
    </Form>
  );
}
