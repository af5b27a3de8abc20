import type { FormStore } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { FormTextArea } from '~/islands/form/TextAreaField';
import { ADMIN_LIMITS } from '~/lib/schemas/admin';

/** Staff's two texts: a reason (required; mailed or kept in the audit log) and an optional note. */
const TEXTS = {
  reason: { label: 'Reason', maxLength: ADMIN_LIMITS.reason, required: true },
  note: { label: 'Note', maxLength: ADMIN_LIMITS.note, required: false },
} as const;

export type AdminText = keyof typeof TEXTS;

/** A back-office form's reason or note, with who reads it in `hint`. */
export function AdminTextField({
  form,
  name,
  hint,
  rows = 3,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any back-office form with this text.
  form: FormStore<any, undefined>;
  name: AdminText;
  hint: string;
  rows?: number;
}): ReactElement {
  return <FormTextArea form={form} name={name} hint={hint} rows={rows} {...TEXTS[name]} />;
}
