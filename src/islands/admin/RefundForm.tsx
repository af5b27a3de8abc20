import { type FormErrors, getValues, useForm } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { ConfirmOrSubmit, useConfirmedSubmit } from '~/islands/form/ConfirmedSubmit';
import { TextField } from '~/islands/form/TextField';
import { schemaErrors } from '~/islands/form/validation';
import type { RefundableDonation, RefundRequestBody } from '~/lib/api/admin';
import { paymentMethodLabel } from '~/lib/donationDisplay';
import { formatMoney } from '~/lib/money';
import { refundSchema } from '~/lib/schemas/refunds';
import { AdminTextField } from './AdminTextField';

type RefundValues = { amount: string; reason: string; bankReference: string };

interface Props {
  donation: RefundableDonation;
  onSubmit: (body: RefundRequestBody) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * Refund one donation: an amount (empty: all that remains, the tip with it), the reason the donor
 * and owner are mailed, and for EFT and gateways without a refund call the reference of the bank
 * transfer staff made. Confirmed before it is sent: money leaves.
 */
export function RefundForm({ donation, onSubmit, onCancel }: Props): ReactElement {
  const bank = !donation.gatewayRefund;
  const remaining = formatMoney(donation.remainingAmount, donation.currency);
  const confirm = useConfirmedSubmit(onSubmit, onCancel);
  const [form, { Form, Field }] = useForm<RefundValues>({
    initialValues: { amount: '', reason: '', bankReference: '' },
    validate: (values) =>
      schemaErrors(refundSchema, values, ['amount', 'reason', 'bankReference']) as FormErrors<RefundValues>,
  });
  const bodyOf = (): RefundRequestBody => {
    const values = getValues(form);
    return {
      amount: values.amount?.trim() || null,
      reason: (values.reason ?? '').trim(),
      bankReference: bank ? (values.bankReference ?? '').trim() || null : null,
    };
  };

  return (
    <Form onSubmit={confirm.ask} aria-label={`Refund ${donation.reference}`} className="mt-3 space-y-3">
      <Field name="amount">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label={`Amount (${donation.currency.symbol})`}
            inputMode="numeric"
            hint={`Leave empty to refund all that remains: ${remaining}.`}
          />
        )}
      </Field>
      <AdminTextField
        form={form}
        name="reason"
        hint="The donor and the campaign owner receive it by email."
        rows={2}
      />
      {bank ? (
        <Field name="bankReference">
          {(field, props) => (
            <TextField
              field={field}
              props={props}
              label="Bank reference of your transfer"
              hint={`${paymentMethodLabel(donation.paymentMethod)} has no refund call: pay the donor back by bank first.`}
              required
            />
          )}
        </Field>
      ) : null}
      <ConfirmOrSubmit
        confirm={confirm}
        question={`Refund ${donation.donorName}'s donation (${donation.reference})? The money goes back and the campaign's total falls.`}
        confirmLabel="Yes, refund"
        busyLabel="Refunding…"
        cancelLabel="Go back"
        submitLabel="Refund"
        submitClassName="btn bg-red-700 text-white hover:bg-red-800"
        onConfirm={() => void confirm.send(bodyOf())}
        onCancel={onCancel}
      />
    </Form>
  );
}
