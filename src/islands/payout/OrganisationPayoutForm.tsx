import { getValues } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { AmountField } from '~/islands/form/AmountField';
import { TextField } from '~/islands/form/TextField';
import { applyServerErrors } from '~/islands/form/validation';
import type { OrganisationFundingInfo } from '~/lib/api/payouts';
import { Currency } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import { PayoutRequestForm, usePayoutRequest } from './PayoutRequestForm';
import { submitPayout } from './payoutActions';
import {
  emptyOrganisationPayout,
  nothingToRequest,
  type OrganisationPayoutValues,
  organisationPayoutProblems,
  organisationPayoutRequest,
  payoutFieldErrors,
  splitTotal,
} from './payoutValues';

/**
 * The organisation's payout request (SPEC §3 "Organisation funding info"): an amount per
 * campaign to split the payout across them, a tip to the platform (3 % suggested, SPEC §9),
 * description and notes → `POST /payouts/` with an entry per campaign.
 */
export function OrganisationPayoutForm({
  funding,
  onRequested,
}: {
  funding: OrganisationFundingInfo;
  onRequested: () => void;
}): ReactElement {
  useSignals();
  const campaigns = funding.campaignFundingInfo;
  const ids = campaigns.map((c) => c.id);
  const fields = ['tipPercentage', 'description', 'notes', ...ids.map((id) => `amounts.${id}`)];
  const request = usePayoutRequest<OrganisationPayoutValues>({
    empty: () => emptyOrganisationPayout(ids),
    validate: (values) => {
      const problems = organisationPayoutProblems(values, campaigns);
      const errors: Record<string, string> = {};
      for (const [id, message] of Object.entries(problems.amounts)) errors[`amounts.${id}`] = message;
      // Nothing to pay out, or below the minimum: said under the first amount typed (else the
      // first campaign's), where the keyboard goes.
      const first = ids.find((id) => (values.amounts?.[id] ?? '').trim() !== '') ?? ids[0];
      if (problems.form && first) errors[`amounts.${first}`] = problems.form;
      if (problems.tipPercentage) errors.tipPercentage = problems.tipPercentage;
      return errors;
    },
    send: (values) => submitPayout(organisationPayoutRequest(values, ids)),
    showErrors: (form, failure, values) => {
      const sent = organisationPayoutRequest(values, ids).campaignFundingInfo.map((entry) => entry.id);
      const errors = payoutFieldErrors(failure.fieldErrors, sent, (id) => `amounts.${id}`);
      return applyServerErrors(form, errors, fields);
    },
    onRequested,
  });
  const { form, Field } = request;
  const values = getValues(form) as OrganisationPayoutValues;
  const total = splitTotal({ amounts: values.amounts ?? {} });

  if (campaigns.length === 0)
    return <p className="text-ink-muted">The organisation has no campaigns with funds to pay out yet.</p>;

  return (
    <PayoutRequestForm
      request={request}
      label="Request an organisation payout"
      unavailable={nothingToRequest(campaigns)}
    >
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold text-ink">Amount per campaign</legend>
        {campaigns.map((campaign) => (
          <Field key={campaign.id} name={`amounts.${campaign.id}`}>
            {(field, props) => (
              <AmountField
                field={field}
                props={props}
                label={campaign.name}
                symbol={campaign.currency.symbol}
                hint={`${formatMoney(campaign.totalFundsAvailable, campaign.currency)} available. Leave empty to leave it out.`}
              />
            )}
          </Field>
        ))}
        {campaigns.every((c) => c.currency.id === Currency.Rand) ? (
          <p className="text-sm text-ink-muted" aria-live="polite">
            Total: <strong className="text-ink">{formatMoney(total, Currency.Rand)}</strong>
          </p>
        ) : null}
      </fieldset>
      <Field name="tipPercentage">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label="Tip to Letsema (%)"
            inputMode="numeric"
            autoComplete="off"
            hint="A contribution to running the platform; 3 % is suggested and you can change it."
            required
          />
        )}
      </Field>
    </PayoutRequestForm>
  );
}
