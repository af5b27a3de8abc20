import { Field, type FormStore } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { EmailField } from '~/islands/form/EmailField';
import type { Option } from '~/islands/form/fieldParts';
import { PersonNameFields } from '~/islands/form/PersonNameFields';
import { PhoneField } from '~/islands/form/PhoneField';
import { RadioField } from '~/islands/form/RadioField';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { TextField } from '~/islands/form/TextField';
import { FIELD_LIMITS } from '~/lib/enums';
import type { DonationFormValues } from './donationValues';

interface Props {
  form: FormStore<DonationFormValues, undefined>;
  /** Monthly donations need a mobile number (SPEC §5). */
  mobileRequired: boolean;
}

const ANONYMITY_OPTIONS: readonly Option[] = [
  { value: 'no', label: 'No', description: 'Show my name with my donation.' },
  { value: 'yes', label: 'Yes', description: "Show 'Anonymous' instead." },
];

/** Who is giving: name, email, mobile number, anonymity, display name and a comment. */
export function DonorDetails({ form, mobileRequired }: Props): ReactElement {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-bold text-ink">Your details</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonNameFields of={form} lastNameLabel="Surname" />
      </div>
      <EmailField of={form} hint="Your receipt goes here." />
      <Field of={form} name="mobileNumber">
        {(field, props) => (
          <PhoneField
            field={field}
            props={props}
            hint="For example 082 123 4567."
            required={mobileRequired}
          />
        )}
      </Field>
      <Field of={form} name="anonymous">
        {(field, props) => (
          <RadioField
            field={field}
            props={props}
            legend="Donate anonymously?"
            options={ANONYMITY_OPTIONS}
            layout="cards"
          />
        )}
      </Field>
      <Field of={form} name="displayName">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label="Display name"
            autoComplete="nickname"
            hint="Shown with your donation instead of your name, e.g. 'The Dlamini family'."
          />
        )}
      </Field>
      <Field of={form} name="comment">
        {(field, props) => (
          <TextAreaField
            field={field}
            props={props}
            label="Comment"
            hint="A message for the campaign, shown with your donation."
            maxLength={FIELD_LIMITS.comment}
            rows={3}
          />
        )}
      </Field>
    </fieldset>
  );
}
