import { type FormErrors, getValues, useForm } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { ConfirmOrSubmit, useConfirmedSubmit } from '~/islands/form/ConfirmedSubmit';
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
  const confirm = useConfirmedSubmit(onSubmit, onCancel);
  const [form, { Form, Field }] = useForm<ReasonValues>({
    initialValues: { reason: '' },
    validate: (values) => schemaErrors(adminReasonSchema, values, ['reason']) as FormErrors<ReasonValues>,
  });

  return (
    <Form onSubmit={confirm.ask} aria-label={title} className="mt-3 space-y-3">
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
      <ConfirmOrSubmit
        confirm={confirm}
        question={question}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        cancelLabel={'Go back'}
        submitLabel={submitLabel}
        submitClassName={'btn bg-red-700 text-white hover:bg-red-800'}
        onConfirm={() => void confirm.send((getValues(form).reason ?? '').trim())}
        onCancel={onCancel}
      />
    </Form>
  );
}
