import { type FormErrors, getValues, useForm } from '@modular-forms/react';
import type { ReactElement, ReactNode } from 'react';
import { ConfirmOrSubmit, useConfirmedSubmit } from '~/islands/form/ConfirmedSubmit';
import { schemaErrors } from '~/islands/form/validation';
import { adminNoteSchema, adminReasonSchema } from '~/lib/schemas/admin';
import { type AdminText, AdminTextField } from './AdminTextField';

const SCHEMAS = { note: adminNoteSchema, reason: adminReasonSchema } as const;

interface ConfirmedTextProps {
  /** The form's accessible name: 'Accept “Rain tanks”'. */
  title: string;
  /** What is about to happen, asked before it is sent. */
  question: string;
  /** Resolves to whether it worked; the form closes then. */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel: () => void;
}

interface TextFormProps extends ConfirmedTextProps {
  name: AdminText;
  hint: string;
  rows: number;
  /** Shown above the text. */
  notice?: ReactNode;
  submitLabel: string;
  submitClassName: string;
  confirmLabel: string;
  busyLabel: string;
}

/** A decision with one text (its reason or note), confirmed before it is sent. */
function ConfirmedTextForm({
  name,
  hint,
  rows,
  notice,
  title,
  question,
  submitLabel,
  submitClassName,
  confirmLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: TextFormProps): ReactElement {
  const confirm = useConfirmedSubmit(onSubmit, onCancel);
  const [form, { Form }] = useForm<Record<AdminText, string>>({
    initialValues: { [name]: '' },
    validate: (values) =>
      schemaErrors(SCHEMAS[name], values, [name]) as FormErrors<Record<AdminText, string>>,
  });

  return (
    <Form onSubmit={confirm.ask} aria-label={title} className="mt-3 space-y-3">
      {notice ? <p className="text-sm text-ink-muted">{notice}</p> : null}
      <AdminTextField form={form} name={name} hint={hint} rows={rows} />
      <ConfirmOrSubmit
        confirm={confirm}
        question={question}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        cancelLabel="Go back"
        submitLabel={submitLabel}
        submitClassName={submitClassName}
        onConfirm={() => void confirm.send((getValues(form)[name] ?? '').trim())}
        onCancel={onCancel}
      />
    </Form>
  );
}

/** An accept with an optional note for the audit log, confirmed before it is sent. */
export function AcceptForm({
  notice,
  ...props
}: ConfirmedTextProps & {
  /** What accepting does and does not do, shown above the note. */
  notice?: ReactNode;
}): ReactElement {
  return (
    <ConfirmedTextForm
      {...props}
      name="note"
      hint="Kept in the audit log for staff; the owner does not see it."
      rows={2}
      notice={notice}
      submitLabel="Accept"
      submitClassName="btn-primary"
      confirmLabel="Yes, accept"
      busyLabel="Accepting…"
    />
  );
}

/** A refusal with its required reason (mailed to the owner), confirmed before it is sent. */
export function ReasonForm(
  props: ConfirmedTextProps & { submitLabel: string; confirmLabel: string; busyLabel: string },
): ReactElement {
  return (
    <ConfirmedTextForm
      {...props}
      name="reason"
      hint="The owner receives it by email."
      rows={3}
      submitClassName="btn bg-red-700 text-white hover:bg-red-800"
    />
  );
}
