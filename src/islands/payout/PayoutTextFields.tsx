import type { FormStore } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { FormTextArea } from '~/islands/form/TextAreaField';
import { PAYOUT_TEXT_LIMITS } from './payoutValues';

const TEXTS = [
  { name: 'description', label: 'Description', hint: 'What the funds will be used for.', rows: 3 },
  { name: 'notes', label: 'Notes', hint: 'Anything our team should know to pay it out.', rows: 2 },
] as const;

/** A payout request's description and notes to our team (every payout form has them). */
export function PayoutTextFields({
  form,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any payout form (they all have description and notes).
  form: FormStore<any, undefined>;
}): ReactElement {
  return (
    <>
      {TEXTS.map((text) => (
        <FormTextArea key={text.name} form={form} maxLength={PAYOUT_TEXT_LIMITS[text.name]} {...text} />
      ))}
    </>
  );
}
