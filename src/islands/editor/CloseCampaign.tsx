import { type FormErrors, getValues, useForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { ConfirmDangerDialog } from '~/islands/form/ConfirmDangerDialog';
import { FormNotice } from '~/islands/form/FormNotice';
import { SelectField } from '~/islands/form/SelectField';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { applyServerErrors, schemaErrors } from '~/islands/form/validation';
import { getCloseReasons, type OwnerCampaign } from '~/lib/api/campaigns';
import { formatShortDate } from '~/lib/dates';
import { CampaignStatus } from '~/lib/enums';
import { CAMPAIGN_LIMITS, closeCampaignSchema } from '~/lib/schemas/campaign';
import { closeWithReason } from './campaignActions';
import { useLookup } from './useLookup';

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
          <SelectField
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
        <ConfirmDangerDialog
          question={`Close “${campaign.name}” for good?`}
          confirmLabel="Yes, close the campaign"
          busyLabel="Closing…"
          cancelLabel="Keep it open"
          busy={busy}
          onConfirm={() => void close()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800">
          Close campaign
        </button>
      )}
    </Form>
  );
}
