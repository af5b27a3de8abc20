import { type FormErrors, getValues, useForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import { getCloseReasons, type OwnerCampaign } from '~/lib/api/campaigns';
import { formatShortDate } from '~/lib/dates';
import { CampaignStatus } from '~/lib/enums';
import { CAMPAIGN_LIMITS, closeCampaignSchema } from '~/lib/schemas/campaign';
import { closeWithReason } from './campaignActions';
import { ChoiceField, TextAreaField } from './fields';
import { useLookup } from './useLookup';
import { applyServerErrors, schemaErrors } from './validation';

type CloseValues = { closeReasonId: string; note: string };

/** The Close tab: closes the campaign for good with a reason (PATCH /campaigns/{id}/close). */
export function CloseCampaign({
  campaign,
  onClosed,
}: {
  campaign: OwnerCampaign;
  onClosed: () => void;
}): ReactElement {
  const reasons = useLookup('close-reasons', getCloseReasons);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form, { Form, Field }] = useForm<CloseValues>({
    initialValues: { closeReasonId: '', note: '' },
    validate: (values) =>
      schemaErrors(closeCampaignSchema, values, ['closeReasonId', 'note']) as FormErrors<CloseValues>,
  });

  if (campaign.status === CampaignStatus.Closed) {
    return (
      <FormNotice tone="info">
        This campaign is closed
        {campaign.closedAt ? ` since ${formatShortDate(campaign.closedAt)}` : ''}
        {campaign.closeReason ? ` (${campaign.closeReason.name})` : ''}. It no longer takes donations.
      </FormNotice>
    );
  }

  const close = async (): Promise<void> => {
    const values = getValues(form) as CloseValues;
    setBusy(true);
    const result = await closeWithReason(campaign.id, {
      closeReasonId: Number(values.closeReasonId),
      note: values.note ?? '',
    });
    setBusy(false);
    setConfirming(false);
    if (result.ok) onClosed();
    else applyServerErrors(form, result.fieldErrors, ['closeReasonId', 'note']);
  };

  return (
    <Form onSubmit={() => setConfirming(true)} className="space-y-5" aria-label="Close campaign">
      <p className="text-ink-muted">
        Closing stops donations and shows the campaign as closed. Funds already raised can still be paid out.
        A closed campaign cannot be opened again.
      </p>
      <Field name="closeReasonId">
        {(field, props) => (
          <ChoiceField
            field={field}
            props={props}
            label="Why are you closing it?"
            required
            placeholder={reasons.loading ? 'Loading reasons…' : 'Choose a reason'}
            options={reasons.items.map((r) => ({ value: String(r.id), label: r.name }))}
          />
        )}
      </Field>
      <Field name="note">
        {(field, props) => (
          <TextAreaField
            field={field}
            props={props}
            label="Note"
            hint="Anything you would like to add."
            maxLength={CAMPAIGN_LIMITS.closeNote}
            rows={3}
          />
        )}
      </Field>
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="close-confirm-title"
          className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4"
        >
          <p id="close-confirm-title" className="font-semibold text-red-900">
            Close “{campaign.name}” for good?
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              // biome-ignore lint/a11y/noAutofocus: the confirmation takes the keyboard as it opens
              autoFocus
              className="btn bg-red-700 text-white hover:bg-red-800 disabled:opacity-60"
              disabled={busy}
              onClick={() => void close()}
            >
              {busy ? 'Closing…' : 'Yes, close the campaign'}
            </button>
            <button type="button" className="btn-outline bg-white" onClick={() => setConfirming(false)}>
              Keep it open
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800">
          Close campaign
        </button>
      )}
    </Form>
  );
}
