import { type ReactElement, useState } from 'react';
import { ConfirmDangerDialog } from './ConfirmDangerDialog';
import { ActionRow } from './FormActions';

/** A form's send that asks first: `ask` opens the question, `send` runs once it is confirmed. */
export interface ConfirmedSubmit<T> {
  confirming: boolean;
  busy: boolean;
  ask: () => void;
  back: () => void;
  send: (value: T) => Promise<void>;
}

/**
 * The state of a form that is confirmed before it is sent: `onSubmit` resolves to whether it
 * worked, and the form closes (`onDone`) only then.
 */
export function useConfirmedSubmit<T>(
  onSubmit: (value: T) => Promise<boolean>,
  onDone: () => void,
): ConfirmedSubmit<T> {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  return {
    confirming,
    busy,
    ask: () => setConfirming(true),
    back: () => setConfirming(false),
    send: async (value) => {
      setBusy(true);
      const done = await onSubmit(value);
      setBusy(false);
      setConfirming(false);
      if (done) onDone();
    },
  };
}

interface Props {
  confirm: Pick<ConfirmedSubmit<unknown>, 'confirming' | 'busy' | 'back'>;
  question: string;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  submitLabel: string;
  /** The submit button's look: the brand's for an accept, red for what cannot be undone. */
  submitClassName: string;
  onConfirm: () => void;
  /** Shows a Cancel beside the submit button, which leaves the form. */
  onCancel?: (() => void) | undefined;
}

/** The form's buttons (submit, and Cancel when it can be left), or, once submitted, the question that confirms it. */
export function ConfirmOrSubmit({
  confirm,
  question,
  confirmLabel,
  busyLabel,
  cancelLabel,
  submitLabel,
  submitClassName,
  onConfirm,
  onCancel,
}: Props): ReactElement {
  if (confirm.confirming) {
    return (
      <ConfirmDangerDialog
        question={question}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        cancelLabel={cancelLabel}
        busy={confirm.busy}
        onConfirm={onConfirm}
        onCancel={confirm.back}
      />
    );
  }
  return (
    <ActionRow onCancel={onCancel}>
      <button type="submit" className={submitClassName}>
        {submitLabel}
      </button>
    </ActionRow>
  );
}
