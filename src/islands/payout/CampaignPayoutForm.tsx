import { Field, type FormStore } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { AmountField } from '~/islands/form/AmountField';
import { applyServerErrors } from '~/islands/form/validation';
import type { CampaignFundingInfo } from '~/lib/api/payouts';
import { formatMoney } from '~/lib/money';
import { PayoutRequestForm, usePayoutRequest } from './PayoutRequestForm';
import { submitPayout } from './payoutActions';
import {
  type CampaignPayoutValues,
  campaignAmountProblem,
  campaignPayoutRequest,
  emptyCampaignPayout,
  nothingToRequest,
  payoutFieldErrors,
} from './payoutValues';

const FIELDS = ['payoutAmount', 'description', 'notes'];

/** A campaign's amount to pay out, with what is available (the campaign and the Bluetick forms). */
export function CampaignAmountField({
  form,
  funding,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: either campaign form (both have payoutAmount).
  form: FormStore<any, undefined>;
  funding: CampaignFundingInfo;
}): ReactElement {
  return (
    <Field of={form} name="payoutAmount">
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
  );
}

/** The check of a campaign form's amount against the funds available (campaignAmountProblem). */
export const campaignAmountErrors =
  (funding: CampaignFundingInfo) =>
  (values: Pick<CampaignPayoutValues, 'payoutAmount'>): Record<string, string> => {
    const problem = campaignAmountProblem(values.payoutAmount ?? '', funding);
    return problem ? { payoutAmount: problem } : {};
  };

/** A non-Bluetick campaign's payout request: amount (at most what is available), description, notes → `POST /payouts/`. */
export function CampaignPayoutForm({
  funding,
  onRequested,
}: {
  funding: CampaignFundingInfo;
  onRequested: () => void;
}): ReactElement {
  const request = usePayoutRequest<CampaignPayoutValues>({
    empty: emptyCampaignPayout,
    validate: campaignAmountErrors(funding),
    send: (values) => submitPayout(campaignPayoutRequest(funding.id, values)),
    showErrors: (form, failure) =>
      applyServerErrors(
        form,
        payoutFieldErrors(failure.fieldErrors, [funding.id], () => 'payoutAmount'),
        FIELDS,
      ),
    onRequested,
  });

  return (
    <PayoutRequestForm request={request} label="Request a payout" unavailable={nothingToRequest([funding])}>
      <CampaignAmountField form={request.form} funding={funding} />
    </PayoutRequestForm>
  );
}
