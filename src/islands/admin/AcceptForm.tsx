import { type FormErrors, getValues, useForm } from '@modular-forms/react';
import type { ReactElement, ReactNode } from 'react';
import { ConfirmOrSubmit, useConfirmedSubmit } from '~/islands/form/ConfirmedSubmit';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { schemaErrors } from '~/islands/form/validation';
import { ADMIN_LIMITS, adminNoteSchema } from '~/lib/schemas/admin';

type NoteValues = { note: string };

interface Props {
  /** The form's accessible name: 'Accept “Rain tanks”'. */
  title: string;
  /** What is about to happen, asked before it is sent. */
  question: string;
  /** What accepting does and does not do, shown above the note. */
  notice?: ReactNode;
  /** Resolves to whether it worked; the form closes then. */
  onSubmit: (note: string) => Promise<boolean>;
  onCancel: () => void;
}

/** An accept with an optional note for the audit log, confirmed before it is sent. */
export function AcceptForm({ title, question, notice, onSubmit, onCancel }: Props): ReactElement {
  const confirm = useConfirmedSubmit(onSubmit, onCancel);
  const [form, { Form, Field }] = useForm<NoteValues>({
    initialValues: { note: '' },
    validate: (values) => schemaErrors(adminNoteSchema, values, ['note']) as FormErrors<NoteValues>,
  });

  return (
    <Form onSubmit={confirm.ask} aria-label={title} className="mt-3 space-y-3">
      {notice ? <p className="text-sm text-ink-muted">{notice}</p> : null}
      <Field name="note">
        {(field, props) => (
          <TextAreaField
            field={field}
            props={props}
            label="Note"
            hint="Kept in the audit log for staff; the owner does not see it."
            maxLength={ADMIN_LIMITS.note}
            rows={2}
          />
        )}
      </Field>
      <ConfirmOrSubmit
        confirm={confirm}
        question={question}
        confirmLabel={'Yes, accept'}
        busyLabel={'Accepting…'}
        cancelLabel={'Go back'}
        submitLabel={'Accept'}
        submitClassName={'btn-primary'}
        onConfirm={() => void confirm.send((getValues(form).note ?? '').trim())}
        onCancel={onCancel}
      />
    </Form>
  );
}
