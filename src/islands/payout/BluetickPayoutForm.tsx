import { getValue } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useState } from 'react';
import { DocumentPicker } from '~/islands/editor/DocumentPicker';
import { editorTabHref } from '~/islands/editor/editorLinks';
import { BANKING_FIELDS, BankingFields, bankingIdTypes } from '~/islands/editor/VerificationForm';
import { RadioField } from '~/islands/form/RadioField';
import { TextField } from '~/islands/form/TextField';
import { applyServerErrors } from '~/islands/form/validation';
import type { CampaignFundingInfo } from '~/lib/api/payouts';
import { PayoutOption } from '~/lib/schemas/payout';
import { BankingStatus } from './BankingStatus';
import { CampaignAmountField, campaignAmountErrors } from './CampaignPayoutForm';
import { PayoutRequestForm, usePayoutRequest } from './PayoutRequestForm';
import { type PayoutResult, submitBluetickPayout } from './payoutActions';
import {
  type BluetickPayoutValues,
  bluetickPayoutFormData,
  emptyBluetickPayout,
  nothingToRequest,
  PAYOUT_FORM_MESSAGES,
  payoutFieldErrors,
} from './payoutValues';

const FIELDS = ['payoutAmount', 'description', 'notes', 'payoutOption'];
const BANKING = [...BANKING_FIELDS, 'accountHolderEmail'];
const INVOICE_ID = 'payout-invoice';

const OPTIONS = [
  {
    value: PayoutOption.Invoice,
    label: 'Pay an invoice',
    description:
      'We pay the supplier (a hospital, school…) directly: upload their invoice and banking details.',
  },
  {
    value: PayoutOption.Banking,
    label: 'Pay into your bank account',
    description: 'We pay into the banking details of the campaign that our team accepted.',
  },
];

/**
 * A Bluetick campaign's payout request (SPEC §3 "Bluetick payout form"): the option defaults to
 * invoice (the supplier's invoice and banking details), or banking details → `POST /payouts/bluetick-payout`.
 */
export function BluetickPayoutForm({
  funding,
  onRequested,
}: {
  funding: CampaignFundingInfo;
  onRequested: () => void;
}): ReactElement {
  useSignals();
  const [invoices, setInvoices] = useState<File[]>([]);
  const [invoiceError, setInvoiceError] = useState('');

  const send = async (values: BluetickPayoutValues): Promise<PayoutResult | null> => {
    if (values.payoutOption !== PayoutOption.Banking && invoices.length === 0) {
      setInvoiceError(PAYOUT_FORM_MESSAGES.invoiceRequired);
      document.getElementById(INVOICE_ID)?.focus();
      return null;
    }
    const result = await submitBluetickPayout(
      values.payoutOption,
      bluetickPayoutFormData(funding.id, values, invoices),
    );
    if (result.ok) setInvoices([]);
    return result;
  };

  const request = usePayoutRequest<BluetickPayoutValues>({
    empty: emptyBluetickPayout,
    validate: campaignAmountErrors(funding),
    send,
    showErrors: (form, failure) => {
      const errors = payoutFieldErrors(failure.fieldErrors, [funding.id], () => 'payoutAmount');
      const invoice = errors.blueTickPayoutDocument?.[0];
      if (invoice) setInvoiceError(invoice);
      const own = applyServerErrors(form, errors, FIELDS);
      const banking = applyServerErrors(form, errors, BANKING, {
        prefix: 'bankingDetails.',
        shouldFocus: !own,
      });
      return own || banking || Boolean(invoice);
    },
    onRequested,
  });
  const { form, Field } = request;
  const byInvoice = getValue(form, 'payoutOption') !== PayoutOption.Banking;

  return (
    <PayoutRequestForm
      request={request}
      label="Request a Bluetick payout"
      unavailable={nothingToRequest([funding])}
    >
      <CampaignAmountField form={form} funding={funding} />
      <Field name="payoutOption">
        {(field, props) => (
          <RadioField
            field={field}
            props={props}
            legend="How should we pay?"
            options={OPTIONS}
            layout="cards"
          />
        )}
      </Field>
      {byInvoice ? (
        <DocumentPicker
          id={INVOICE_ID}
          label="Invoice"
          hint="The supplier's invoice for what the funds pay. PDF, JPEG or PNG, up to 10 MB."
          files={invoices}
          onChange={(files) => {
            setInvoices(files);
            setInvoiceError('');
          }}
          max={1}
          tooMany="Please upload one invoice."
          error={invoiceError || undefined}
        />
      ) : (
        <BankingStatus
          status={funding.bankingDetailStatus}
          verificationHref={editorTabHref(funding.id, 'verification')}
        />
      )}
      {/* Hidden, not removed, so what was typed stays when the option is switched back. */}
      <fieldset className="space-y-5" hidden={!byInvoice}>
        <legend className="mb-2 font-semibold text-ink">The supplier's banking details</legend>
        <BankingFields form={form} idTypes={bankingIdTypes(true)} />
        <Field name="accountHolderEmail">
          {(field, props) => (
            <TextField
              field={field}
              props={props}
              label="Account holder's email"
              type="email"
              inputMode="email"
              autoComplete="off"
              hint="We send the proof of payment here."
            />
          )}
        </Field>
      </fieldset>
    </PayoutRequestForm>
  );
}
