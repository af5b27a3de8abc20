import { type ReactElement, type ReactNode, useId } from 'react';

interface Props {
  /** What is about to happen, as a question: 'Close “Rain tanks” for good?'. */
  question: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  className?: string;
}

/**
 * Asks before an action that cannot be undone (closing a campaign, stopping a
 * monthly donation, removing a team member). It replaces the button that
 * opened it, so it takes the keyboard as it opens.
 */
export function ConfirmDangerDialog({
  question,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
  className = '',
}: Props): ReactElement {
  const questionId = useId();
  return (
    <div
      role="alertdialog"
      aria-labelledby={questionId}
      className={`space-y-3 rounded-lg border border-red-300 bg-red-50 p-4${className ? ` ${className}` : ''}`}
    >
      <p id={questionId} className="font-semibold text-red-900">
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          // biome-ignore lint/a11y/noAutofocus: the confirmation takes the keyboard as it opens
          autoFocus
          className="btn bg-red-700 text-white hover:bg-red-800 disabled:opacity-60"
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
        <button type="button" className="btn-outline bg-white" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
