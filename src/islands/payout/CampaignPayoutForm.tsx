import { type FormErrors, reset, useForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { AmountField } from '~/islands/form/AmountField';
import { FormNotice } from '~/islands/form/FormNotice';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { applyServerErrors } from '~/islands/form/validation';
import type { CampaignFundingInfo } from '~/lib/api/payouts';
import { formatMoney } from '~/lib/money';
import { PayoutTextFields } from './PayoutTextFields';
import { submitPayout } from './payoutActions';
import {
  type CampaignPayoutValues,
  campaignAmountProblem,
  campaignPayoutRequest,
  emptyCampaignPayout,
  payoutFieldErrors,
} from './payoutValues';

const FIELDS = ['payoutAmount', 'description', 'notes'];

/** A non-Bluetick campaign's payout request: amount (at most what is available), description, notes → `POST /payouts/`. */
export function CampaignPayoutForm({
  funding,
  onRequested,
}: {
  funding: CampaignFundingInfo;
  onRequested: () => void;
}): ReactElement {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form, { Form, Field }] = useForm<CampaignPayoutValues>({
    initialValues: emptyCampaignPayout(),
    validate: (values) => {
      const problem = campaignAmountProblem(values.payoutAmount ?? '', funding);
      return (problem ? { payoutAmount: problem } : {}) as FormErrors<CampaignPayoutValues>;
    },
  });

  const onSubmit = async (values: CampaignPayoutValues): Promise<void> => {
    setRefusal(null);
    const result = await submitPayout(campaignPayoutRequest(funding.id, values));
    if (result.ok) {
      reset(form, { initialValues: emptyCampaignPayout() });
      onRequested();
      return;
    }
    const errors = payoutFieldErrors(result.fieldErrors, [funding.id], () => 'payoutAmount');
    if (!applyServerErrors(form, errors, FIELDS)) setRefusal(result.message);
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-5" aria-label="Request a payout">
      {refusal ? <FormNotice tone="error">{refusal}</FormNotice> : null}
      <Field name="payoutAmount">
        {(field, props) => (
          <AmountField
            field={field}
            props={props}
            label="Amount"
            symbol={funding.currency.symbol}
            hint={`Up to ${formatMoney(funding.totalFundsAvailable, funding.currency)} is available.`}
            required
          />
        )}
      </Field>
      <PayoutTextFields form={form} />
      <SubmitButton form={form} busyLabel="Requesting…" className="btn-primary disabled:opacity-60">
        Request payout
      </SubmitButton>
    </Form>
  );
}
