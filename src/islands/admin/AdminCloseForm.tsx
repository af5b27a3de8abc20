import { type FormErrors, getValues, useForm } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { useLookup } from '~/islands/editor/useLookup';
import { ConfirmOrSubmit, useConfirmedSubmit } from '~/islands/form/ConfirmedSubmit';
import { SelectField } from '~/islands/form/SelectField';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { schemaErrors } from '~/islands/form/validation';
import { getCloseReasons } from '~/lib/api/campaigns';
import { CAMPAIGN_LIMITS, closeCampaignSchema } from '~/lib/schemas/campaign';

type CloseValues = { closeReasonId: string; note: string };

interface Props {
  name: string;
  /** Resolves to whether it worked; the form closes then. */
  onClose: (close: { closeReasonId: number; note: string }) => Promise<boolean>;
  onCancel: () => void;
}

/** Staff close a campaign for good with one of the close reasons (and a note), confirmed first. */
export function AdminCloseForm({ name, onClose, onCancel }: Props): ReactElement {
  const reasons = useLookup('close-reasons', getCloseReasons);
  const confirm = useConfirmedSubmit(onClose, onCancel);
  const [form, { Form, Field }] = useForm<CloseValues>({
    initialValues: { closeReasonId: '', note: '' },
    validate: (values) =>
      schemaErrors(closeCampaignSchema, values, ['closeReasonId', 'note']) as FormErrors<CloseValues>,
  });

  const close = (): Promise<void> => {
    const values = getValues(form) as CloseValues;
    return confirm.send({ closeReasonId: Number(values.closeReasonId), note: values.note ?? '' });
  };

  return (
    <Form onSubmit={confirm.ask} aria-label={`Close ${name}`} className="mt-3 space-y-3">
      <Field name="closeReasonId">
        {(field, props) => (
          <SelectField
            field={field}
            props={props}
            label="Reason"
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
            maxLength={CAMPAIGN_LIMITS.closeNote}
            rows={2}
          />
        )}
      </Field>
      <ConfirmOrSubmit
        confirm={confirm}
        question={`Close “${name}” for good?`}
        confirmLabel="Yes, close it"
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
