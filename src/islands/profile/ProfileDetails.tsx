import { useForm, valiForm } from '@modular-forms/react';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { PersonNameFields } from '~/islands/form/PersonNameFields';
import { PhoneField } from '~/islands/form/PhoneField';
import { SelectField } from '~/islands/form/SelectField';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { TextField } from '~/islands/form/TextField';
import { fullName } from '~/lib/people';
import { SA_PROVINCES } from '~/lib/provinces';
import { updateProfileSchema } from '~/lib/schemas/profile';
import { type UserProfile, updateProfile } from '~/stores/profile';

export const DEFAULT_COUNTRY = 'South Africa';

const PROVINCE_OPTIONS = SA_PROVINCES.map((province) => ({ value: province, label: province }));

type ProfileValues = {
  firstName: string;
  lastName: string;
  phone: string;
  address: {
    addressLine1: string;
    addressLine2: string;
    city: string;
    province: string;
    zip: string;
    country: string;
  };
};

function valuesOf(profile: UserProfile): ProfileValues {
  const a = profile.address;
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
    address: {
      addressLine1: a.addressLine1 ?? '',
      addressLine2: a.addressLine2 ?? '',
      city: a.city ?? '',
      province: a.province ?? '',
      zip: a.zip ?? '',
      country: a.country || DEFAULT_COUNTRY,
    },
  };
}

/** The address as the lines of an envelope, leaving out what is empty. */
export function addressLines(profile: UserProfile): string[] {
  const a = profile.address;
  const cityLine = [a.city, a.zip].filter(Boolean).join(' ');
  return [a.addressLine1, a.addressLine2, cityLine, a.province, a.country].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
}

function Summary({
  profile,
  onEdit,
  returning,
}: {
  profile: UserProfile;
  onEdit: () => void;
  /** Back from the form: the keyboard returns to the Edit button. */
  returning: boolean;
}): ReactElement {
  const lines = addressLines(profile);
  const edit = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (returning) edit.current?.focus();
  }, [returning]);
  const row = 'grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4';
  return (
    <div>
      <dl className="divide-y divide-gray-100">
        <div className={row}>
          <dt className="text-sm font-semibold text-ink-muted">Name</dt>
          <dd className="break-words">{fullName(profile)}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-ink-muted">Mobile number</dt>
          <dd>{profile.phone || <span className="text-ink-muted">Not added</span>}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-ink-muted">Address</dt>
          <dd>
            {lines.length > 0 ? (
              <address className="not-italic">
                {lines.map((line) => (
                  <span key={line} className="block break-words">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              <span className="text-ink-muted">Not added</span>
            )}
          </dd>
        </div>
      </dl>
      <button ref={edit} type="button" className="btn-primary mt-4" onClick={onEdit}>
        Edit profile
      </button>
    </div>
  );
}

function EditForm({ profile, onDone }: { profile: UserProfile; onDone: () => void }): ReactElement {
  const [form, { Form, Field }] = useForm<ProfileValues>({
    initialValues: valuesOf(profile),
    validate: valiForm(updateProfileSchema),
  });

  useEffect(() => {
    // The form replaces the Edit button: put the keyboard where the work is.
    form.element.value?.querySelector('input')?.focus();
  }, [form]);

  const onSubmit = async (values: ProfileValues): Promise<void> => {
    if (await updateProfile(values)) onDone();
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-4" aria-label="Edit profile">
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonNameFields of={form} />
      </div>
      <PhoneField of={form} name="phone" />
      <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4">
        <legend className="px-1 text-sm font-semibold text-ink">Address</legend>
        <Field name="address.addressLine1">
          {(field, props) => (
            <TextField field={field} props={props} label="Address line 1" autoComplete="address-line1" />
          )}
        </Field>
        <Field name="address.addressLine2">
          {(field, props) => (
            <TextField field={field} props={props} label="Address line 2" autoComplete="address-line2" />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="address.city">
            {(field, props) => (
              <TextField field={field} props={props} label="City" autoComplete="address-level2" />
            )}
          </Field>
          <Field name="address.province">
            {(field, props) => (
              <SelectField
                field={field}
                props={props}
                label="Province"
                options={PROVINCE_OPTIONS}
                placeholder="Select a province"
                autoComplete="address-level1"
              />
            )}
          </Field>
          <Field name="address.zip">
            {(field, props) => (
              <TextField
                field={field}
                props={props}
                label="Postal code"
                inputMode="numeric"
                autoComplete="postal-code"
              />
            )}
          </Field>
          <Field name="address.country">
            {(field, props) => (
              <TextField field={field} props={props} label="Country" autoComplete="country-name" />
            )}
          </Field>
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <SubmitButton form={form} busyLabel="Saving…" className="btn-primary disabled:opacity-60">
          Save changes
        </SubmitButton>
        <button type="button" className="btn-outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

/** The Profile tab's personal details: read, then edit in place (PATCH /users). */
export function ProfileDetails({ profile }: { profile: UserProfile }): ReactElement {
  const [editing, setEditing] = useState(false);
  const [edited, setEdited] = useState(false);
  return editing ? (
    <EditForm
      profile={profile}
      onDone={() => {
        setEditing(false);
        setEdited(true);
      }}
    />
  ) : (
    <Summary profile={profile} onEdit={() => setEditing(true)} returning={edited} />
  );
}
