import { Field, type FormStore } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { PAYOUT_TEXT_LIMITS } from './payoutValues';

/** A payout request's description and notes to our team (every payout form has them). */
export function PayoutTextFields({
  form,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any payout form (they all have description and notes).
  form: FormStore<any, undefined>;
}): ReactElement {
  return (
    <>
      <Field of={form} name="description">
        {(field, props) => (
          <TextAreaField
            field={field}
            props={props}
            label="Description"
            hint="What the funds will be used for."
            maxLength={PAYOUT_TEXT_LIMITS.description}
            rows={3}
          />
        )}
      </Field>
      <Field of={form} name="notes">
        {(field, props) => (
          <TextAreaField
            field={field}
            props={props}
            label="Notes"
            hint="Anything our team should know to pay it out."
            maxLength={PAYOUT_TEXT_LIMITS.notes}
            rows={2}
          />
        )}
      </Field>
    </>
  );
}
