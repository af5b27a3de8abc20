import { type FormErrors, useForm } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { FormActions } from '~/islands/form/FormActions';
import { TextField } from '~/islands/form/TextField';
import { schemaErrors } from '~/islands/form/validation';
import { payoutReferenceSchema } from '~/lib/schemas/admin';

type ReferenceValues = { reference: string };

interface Props {
  /** The form's accessible name: 'Mark “…” paid'. */
  title: string;
  /** Resolves to whether it worked; the form closes then. */
  onSubmit: (reference: string) => Promise<boolean>;
  onCancel: () => void;
}

/** Marks a payout paid with the bank's reference for the transfer. */
export function ReferenceForm({ title, onSubmit, onCancel }: Props): ReactElement {
  const [form, { Form, Field }] = useForm<ReferenceValues>({
    initialValues: { reference: '' },
    validate: (values) =>
      schemaErrors(payoutReferenceSchema, values, ['reference']) as FormErrors<ReferenceValues>,
  });
  return (
    <Form
      onSubmit={async (values) => {
        if (await onSubmit((values.reference ?? '').trim())) onCancel();
      }}
      aria-label={title}
      className="mt-3 space-y-3"
    >
      <Field name="reference">
        {(field, props) => <TextField field={field} props={props} label="Bank reference" required />}
      </Field>
      <FormActions form={form} busyLabel="Saving…" onCancel={onCancel}>
        Mark paid
      </FormActions>
    </Form>
  );
}
