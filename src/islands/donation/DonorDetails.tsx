import { Field, type FormStore, getError, getValue } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useEffect, useState } from 'react';
import { CheckboxField } from '~/islands/form/CheckboxField';
import { EmailField } from '~/islands/form/EmailField';
import { PersonNameFields } from '~/islands/form/PersonNameFields';
import { PhoneField } from '~/islands/form/PhoneField';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { TextField } from '~/islands/form/TextField';
import { FIELD_LIMITS } from '~/lib/enums';
import { m } from '~/lib/i18n';
import type { DonationFormValues } from './donationValues';

type DonationForm = FormStore<DonationFormValues, undefined>;

interface Props {
  form: DonationForm;
  /** Monthly donations need a mobile number (SPEC §5). */
  mobileRequired: boolean;
}

const MESSAGE_FIELDS = ['displayName', 'comment'] as const;

/**
 * Display name and comment behind "Add a message": a native disclosure, so it opens and closes
 * without JavaScript too. It opens by itself while either holds a value or a message (a form
 * that comes back filled after a cancelled payment, or a refusal), so nothing typed is hidden.
 */
function MessageFields({ form }: { form: DonationForm }): ReactElement {
  useSignals();
  const [opened, setOpened] = useState(false);
  const mustShow = MESSAGE_FIELDS.some(
    (name) => (getValue(form, name) ?? '').trim() !== '' || Boolean(getError(form, name)),
  );
  // Once shown for a value or a message it stays open, even when the donor clears both fields.
  useEffect(() => {
    if (mustShow) setOpened(true);
  }, [mustShow]);
  return (
    <details
      open={opened || mustShow}
      onToggle={(event) => setOpened(event.currentTarget.open)}
      className="group rounded-md border border-gray-200 px-4 py-3"
    >
      <summary className="cursor-pointer font-semibold text-brand-dark">
        {m.donation_add_message()} <span className="font-normal text-ink-muted">{m.donation_optional()}</span>
      </summary>
      <div className="mt-4 flex flex-col gap-4">
        <Field of={form} name="displayName">
          {(field, props) => (
            <TextField
              field={field}
              props={props}
              label={m.donation_display_name()}
              autoComplete="nickname"
              hint={m.donation_display_name_hint()}
            />
          )}
        </Field>
        <Field of={form} name="comment">
          {(field, props) => (
            <TextAreaField
              field={field}
              props={props}
              label={m.donation_comment()}
              hint={m.donation_comment_hint()}
              maxLength={FIELD_LIMITS.comment}
              rows={3}
            />
          )}
        </Field>
      </div>
    </details>
  );
}

/** Who is giving: name, email, mobile number, anonymity, and (behind "Add a message") a display name and comment. */
export function DonorDetails({ form, mobileRequired }: Props): ReactElement {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-bold text-ink">{m.donation_your_details()}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonNameFields of={form} lastNameLabel="Surname" />
      </div>
      <EmailField of={form} hint={m.donation_email_hint()} />
      <PhoneField of={form} name="mobileNumber" hint={m.donation_mobile_hint()} required={mobileRequired} />
      <Field of={form} name="anonymous" type="boolean">
        {(field, props) => (
          <CheckboxField
            field={field}
            props={props}
            label={m.donation_give_anonymously()}
            hint={m.donation_anonymous_hint()}
          />
        )}
      </Field>
      <MessageFields form={form} />
    </fieldset>
  );
}
