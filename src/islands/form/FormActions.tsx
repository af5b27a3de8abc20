import type { FormStore } from '@modular-forms/react';
import type { ReactElement, ReactNode } from 'react';
import { SubmitButton } from './SubmitButton';

interface Props {
  // biome-ignore lint/suspicious/noExplicitAny: any form.
  form: FormStore<any, any>;
  /** The submit button's text. */
  children: ReactNode;
  busyLabel: string;
  /** Null (or left out) where there is nothing to go back to. */
  onCancel?: (() => void) | null;
}

/** A form's submit button, with Cancel beside it when the form can be left unsent. */
export function FormActions({ form, children, busyLabel, onCancel }: Props): ReactElement {
  return (
    <ActionRow onCancel={onCancel}>
      <SubmitButton form={form} busyLabel={busyLabel} className="btn-primary disabled:opacity-60">
        {children}
      </SubmitButton>
    </ActionRow>
  );
}

/** A form's buttons (`children`), then Cancel when the form can be left unsent. */
export function ActionRow({
  children,
  onCancel,
}: {
  children: ReactNode;
  onCancel?: (() => void) | null | undefined;
}): ReactElement {
  return (
    <div className="flex flex-wrap gap-2">
      {children}
      {onCancel ? (
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
