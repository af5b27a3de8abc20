import { type FormErrors, useForm } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { CheckboxField } from '~/islands/form/CheckboxField';
import { FormActions } from '~/islands/form/FormActions';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { TextField } from '~/islands/form/TextField';
import { schemaErrors } from '~/islands/form/validation';
import { type AdminEvent, addEvent, editEvent, getAdminEvents } from '~/lib/api/admin';
import { newEventSchema } from '~/lib/schemas/adminRequests';
import { saveLookup } from './lookupSave';
import { useAdminList } from './useAdminList';

type EventValues = {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  location: string;
  isActive: boolean;
};

/** The longest description the server takes (docs/api/admin.md). */
const EVENT_TEXT_MAX = 1000;

const FIELDS = ['name', 'description', 'startDate', 'endDate', 'location'];

/** 'YYYY-MM-DD' of a stored date, for a date input. */
const dayOf = (value: string | null): string => (value ? value.slice(0, 10) : '');

function EventForm({
  event,
  onDone,
}: {
  event: AdminEvent | null;
  onDone: (saved: boolean) => void;
}): ReactElement {
  const [form, { Form, Field }] = useForm<EventValues>({
    initialValues: {
      name: event?.name ?? '',
      description: event?.description ?? '',
      startDate: dayOf(event?.startDate ?? null),
      endDate: dayOf(event?.endDate ?? null),
      location: event?.location ?? '',
      isActive: event?.isActive ?? true,
    },
    validate: (values) => schemaErrors(newEventSchema, values, FIELDS) as FormErrors<EventValues>,
  });
  const save = async (values: Partial<EventValues>): Promise<void> => {
    const input = {
      name: (values.name ?? '').trim(),
      description: values.description?.trim() || null,
      startDate: values.startDate || null,
      endDate: values.endDate || null,
      location: values.location?.trim() || null,
      isActive: values.isActive === true,
    };
    const done = await saveLookup(
      () => (event ? editEvent(event.id, input) : addEvent(input)),
      'Event saved.',
    );
    if (done) onDone(true);
  };
  return (
    <Form onSubmit={save} aria-label={event ? `Edit ${event.name}` : 'Add an event'} className="space-y-3">
      <Field name="name">
        {(field, props) => <TextField field={field} props={props} label="Event name" required />}
      </Field>
      <Field name="description">
        {(field, props) => (
          <TextAreaField
            field={field}
            props={props}
            label="Description"
            maxLength={EVENT_TEXT_MAX}
            rows={2}
          />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field name="startDate">
          {(field, props) => <TextField field={field} props={props} label="Start date" type="date" />}
        </Field>
        <Field name="endDate">
          {(field, props) => <TextField field={field} props={props} label="End date" type="date" />}
        </Field>
      </div>
      <Field name="location">
        {(field, props) => <TextField field={field} props={props} label="Location" />}
      </Field>
      <Field name="isActive" type="boolean">
        {(field, props) => (
          <CheckboxField field={field} props={props} label="Active (campaigns can choose it)" />
        )}
      </Field>
      <FormActions form={form} busyLabel="Saving…" onCancel={() => onDone(false)}>
        Save event
      </FormActions>
    </Form>
  );
}

interface Props {
  /** The one form open on the page ('event:new', 'event:3'), or null. */
  open: string | null;
  onOpen: (key: string | null) => void;
}

/** The events campaigns can belong to, inactive ones included: add and edit. */
export function EventsEditor({ open, onOpen }: Props): ReactElement {
  const { items, error, reload } = useAdminList(getAdminEvents);
  const done = (saved: boolean): void => {
    onOpen(null);
    if (saved) void reload();
  };
  return (
    <section aria-labelledby="events-title" className="space-y-3">
      <h2 id="events-title" className="text-xl font-bold">
        Events
      </h2>
      {error ? <p role="alert">We could not load the events.</p> : null}
      <ul className="divide-y divide-gray-200">
        {(items ?? []).map((event) => (
          <li key={event.id} className="py-2">
            {open === `event:${event.id}` ? (
              <EventForm event={event} onDone={done} />
            ) : (
              <div className="flex items-center justify-between gap-3">
                <span>
                  <span className="font-semibold">{event.name}</span>
                  <span className="text-sm text-ink-muted">
                    {event.location ? ` · ${event.location}` : ''}
                    {event.startDate ? ` · ${dayOf(event.startDate)}` : ''}
                    {event.isActive ? '' : ' · inactive'}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn-outline"
                  aria-label={`Edit ${event.name}`}
                  onClick={() => onOpen(`event:${event.id}`)}
                >
                  Edit
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {open === 'event:new' ? (
        <EventForm event={null} onDone={done} />
      ) : (
        <button type="button" className="btn-primary" onClick={() => onOpen('event:new')}>
          Add an event
        </button>
      )}
    </section>
  );
}
