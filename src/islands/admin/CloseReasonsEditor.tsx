import { type FormErrors, useForm } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { FormActions } from '~/islands/form/FormActions';
import { TextField } from '~/islands/form/TextField';
import { schemaErrors } from '~/islands/form/validation';
import {
  type AdminCloseReason,
  addCloseReason,
  editCloseReason,
  getAdminCloseReasons,
} from '~/lib/api/admin';
import { closeReasonSchema } from '~/lib/schemas/adminRequests';
import { saveLookup } from './lookupSave';
import { useAdminList } from './useAdminList';

type NameValues = { name: string };

function CloseReasonForm({
  reason,
  onDone,
}: {
  reason: AdminCloseReason | null;
  onDone: (saved: boolean) => void;
}): ReactElement {
  const [form, { Form, Field }] = useForm<NameValues>({
    initialValues: { name: reason?.name ?? '' },
    validate: (values) => schemaErrors(closeReasonSchema, values, ['name']) as FormErrors<NameValues>,
  });
  const save = async ({ name = '' }: Partial<NameValues>): Promise<void> => {
    const trimmed = name.trim();
    const done = await saveLookup(
      () => (reason ? editCloseReason(reason.id, trimmed) : addCloseReason(trimmed)),
      'Close reason saved.',
    );
    if (done) onDone(true);
  };
  return (
    <Form
      onSubmit={save}
      aria-label={reason ? `Edit ${reason.name}` : 'Add a close reason'}
      className="space-y-3"
    >
      <Field name="name">
        {(field, props) => <TextField field={field} props={props} label="Close reason" required />}
      </Field>
      <FormActions form={form} busyLabel="Saving…" onCancel={() => onDone(false)}>
        Save close reason
      </FormActions>
    </Form>
  );
}

interface Props {
  /** The one form open on the page ('close-reason:new', 'close-reason:3'), or null. */
  open: string | null;
  onOpen: (key: string | null) => void;
}

/** The reasons an owner or staff can give for closing a campaign: add and rename. */
export function CloseReasonsEditor({ open, onOpen }: Props): ReactElement {
  const { items, error, reload } = useAdminList(getAdminCloseReasons);
  const done = (saved: boolean): void => {
    onOpen(null);
    if (saved) void reload();
  };
  return (
    <section aria-labelledby="close-reasons-title" className="space-y-3">
      <h2 id="close-reasons-title" className="text-xl font-bold">
        Close reasons
      </h2>
      {error ? <p role="alert">We could not load the close reasons.</p> : null}
      <ul className="divide-y divide-gray-200">
        {(items ?? []).map((reason) => (
          <li key={reason.id} className="py-2">
            {open === `close-reason:${reason.id}` ? (
              <CloseReasonForm reason={reason} onDone={done} />
            ) : (
              <div className="flex items-center justify-between gap-3">
                <span>{reason.name}</span>
                <button
                  type="button"
                  className="btn-outline"
                  aria-label={`Edit ${reason.name}`}
                  onClick={() => onOpen(`close-reason:${reason.id}`)}
                >
                  Edit
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {open === 'close-reason:new' ? (
        <CloseReasonForm reason={null} onDone={done} />
      ) : (
        <button type="button" className="btn-primary" onClick={() => onOpen('close-reason:new')}>
          Add a close reason
        </button>
      )}
    </section>
  );
}
