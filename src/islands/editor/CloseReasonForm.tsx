import { type FormErrors, getValues, useForm } from '@modular-forms/react';
import type { ReactElement, ReactNode } from 'react';
import { ConfirmOrSubmit, useConfirmedSubmit } from '~/islands/form/ConfirmedSubmit';
import { lookupOptions, SelectField } from '~/islands/form/SelectField';
import { FormTextArea } from '~/islands/form/TextAreaField';
import { applyServerErrors, schemaErrors } from '~/islands/form/validation';
import { getCloseReasons } from '~/lib/api/campaigns';
import { CAMPAIGN_LIMITS, closeCampaignSchema } from '~/lib/schemas/campaign';
import { useLookup } from './useLookup';

type CloseValues = { closeReasonId: string; note: string };

const FIELDS = ['closeReasonId', 'note'] as const;

/** What closing a campaign sends: one of the close reasons, and a note. */
export interface CloseRequest {
  closeReasonId: number;
  note: string;
}

/** How a close went: when it did not, the server's field errors are shown under the inputs. */
export interface CloseOutcome {
  ok: boolean;
  fieldErrors?: Record<string, string[]> | null;
}

interface Props {
  /** The campaign's name, in the question asked before closing. */
  campaignName: string;
  /** The form's accessible name. */
  label: string;
  reasonLabel: string;
  noteHint?: string;
  confirmLabel: string;
  className: string;
  /** What closing does, above the fields. */
  children?: ReactNode;
  onClose: (close: CloseRequest) => Promise<CloseOutcome>;
  /** Once the campaign is closed. */
  onClosed: () => void;
  /** Shows a Cancel beside the submit (a form opened from a list). */
  onCancel?: () => void;
}

/**
 * A campaign closed for good with one of the close reasons and a note, confirmed first: the
 * owner's Close tab and the back office's Close.
 */
export function CloseReasonForm({
  campaignName,
  label,
  reasonLabel,
  noteHint,
  confirmLabel,
  className,
  children,
  onClose,
  onClosed,
  onCancel,
}: Props): ReactElement {
  const reasons = useLookup('close-reasons', getCloseReasons);
  const [form, { Form, Field }] = useForm<CloseValues>({
    initialValues: { closeReasonId: '', note: '' },
    validate: (values) => schemaErrors(closeCampaignSchema, values, FIELDS) as FormErrors<CloseValues>,
  });
  const confirm = useConfirmedSubmit(async (close: CloseRequest) => {
    const outcome = await onClose(close);
    if (!outcome.ok) applyServerErrors(form, outcome.fieldErrors, FIELDS);
    return outcome.ok;
  }, onClosed);

  const close = (): Promise<void> => {
    const values = getValues(form) as CloseValues;
    return confirm.send({ closeReasonId: Number(values.closeReasonId), note: values.note ?? '' });
  };

  return (
    <Form onSubmit={confirm.ask} aria-label={label} className={className}>
      {children}
      <Field name="closeReasonId">
        {(field, props) => (
          <SelectField
            field={field}
            props={props}
            label={reasonLabel}
            required
            placeholder={reasons.loading ? 'Loading reasons…' : 'Choose a reason'}
            options={lookupOptions(reasons.items)}
          />
        )}
      </Field>
      <FormTextArea
        form={form}
        name="note"
        label="Note"
        hint={noteHint}
        maxLength={CAMPAIGN_LIMITS.closeNote}
        rows={3}
      />
      <ConfirmOrSubmit
        confirm={confirm}
        question={`Close “${campaignName}” for good?`}
        confirmLabel={confirmLabel}
        busyLabel="Closing…"
        cancelLabel="Keep it open"
        submitLabel="Close campaign"
        submitClassName="btn bg-red-700 text-white hover:bg-red-800"
        onConfirm={() => void close()}
        onCancel={onCancel}
      />
    </Form>
  );
}
