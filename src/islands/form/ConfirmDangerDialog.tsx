import { type ReactElement, type ReactNode, useId } from 'react';

interface Props {
  /** What is about to happen, as a question: 'Close “Rain tanks” for good?'. */
  question: ReactNode;
  /** What follows from it, under the question (launching: the page goes public…). */
  children?: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  className?: string;
}

const TONES = {
  /** What cannot be undone and takes something away: red. */
  danger: {
    box: 'border-red-300 bg-red-50',
    question: 'text-red-900',
    confirm: 'btn bg-red-700 text-white hover:bg-red-800',
  },
  /** What cannot be undone and puts something out in the world (a launch): the brand's. */
  go: { box: 'border-brand bg-brand-light', question: 'text-ink', confirm: 'btn-accent' },
} as const;

/**
 * Asks before an action that cannot be undone: it replaces the button that opened it, so it takes
 * the keyboard as it opens. `tone` 'danger' (closing a campaign, stopping a monthly donation,
 * removing a team member) or 'go' (launching a campaign: it goes public).
 */
export function ConfirmDialog({
  tone,
  question,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
  className = '',
}: Props & { tone: keyof typeof TONES }): ReactElement {
  const questionId = useId();
  const look = TONES[tone];
  return (
    <div
      role="alertdialog"
      aria-labelledby={questionId}
      className={`space-y-3 rounded-lg border p-4 ${look.box}${className ? ` ${className}` : ''}`}
    >
      <p id={questionId} className={`font-semibold ${look.question}`}>
        {question}
      </p>
      {children}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          // biome-ignore lint/a11y/noAutofocus: the confirmation takes the keyboard as it opens
          autoFocus
          className={`${look.confirm} disabled:opacity-60`}
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

/** ConfirmDialog in red: before closing, stopping or removing something. */
export function ConfirmDangerDialog(props: Props): ReactElement {
  return <ConfirmDialog tone="danger" {...props} />;
}
