import { type FormErrors, getValues, useForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { ConfirmDangerDialog } from '~/islands/form/ConfirmDangerDialog';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { schemaErrors } from '~/islands/form/validation';
import { ADMIN_LIMITS, adminReasonSchema } from '~/lib/schemas/admin';

type ReasonValues = { reason: string };

interface Props {
  /** The form's accessible name: 'Reject “Rain tanks”'. */
  title: string;
  /** What is about to happen, asked once the reason is given. */
  question: string;
  submitLabel: string;
  confirmLabel: string;
  busyLabel: string;
  /** Resolves to whether it worked; the form closes then. */
  onSubmit: (reason: string) => Promise<boolean>;
  onCancel: () => void;
}

/** A refusal with its required reason (mailed to the owner), confirmed before it is sent. */
export function ReasonForm({
  title,
  question,
  submitLabel,
  confirmLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: Props): ReactElement {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form, { Form, Field }] = useForm<ReasonValues>({
    initialValues: { reason: '' },
    validate: (values) => schemaErrors(adminReasonSchema, values, ['reason']) as FormErrors<ReasonValues>,
  });

  const send = async (): Promise<void> => {
    setBusy(true);
    const done = await onSubmit((getValues(form).reason ?? '').trim());
    setBusy(false);
    setConfirming(false);
    if (done) onCancel();
  };

  return (
    <Form onSubmit={() => setConfirming(true)} aria-label={title} className="mt-3 space-y-3">
      <Field name="reason">
        {(field, props) => (
          <TextAreaField
            field={field}
            props={props}
            label="Reason"
            hint="The owner receives it by email."
            maxLength={ADMIN_LIMITS.reason}
            rows={3}
            required
          />
        )}
      </Field>
      {confirming ? (
        <ConfirmDangerDialog
          question={question}
          confirmLabel={confirmLabel}
          busyLabel={busyLabel}
          cancelLabel="Go back"
          busy={busy}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800">
            {submitLabel}
          </button>
          <button type="button" className="btn-outline" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
    </Form>
  );
}
