import type { FormStore } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement, ReactNode } from 'react';
import { useHydrated } from '~/islands/shell/useHydrated';

interface Props {
  // biome-ignore lint/suspicious/noExplicitAny: any form.
  form: FormStore<any, any>;
  children: ReactNode;
  /** Shown while the form is being sent. */
  busyLabel: string;
  /** Keeps the button disabled after success (e.g. while the page navigates away). */
  done?: boolean;
  className?: string;
  /** The form posts to the server without JavaScript too: enabled before the island hydrates. */
  postsWithoutScript?: boolean;
}

/**
 * The form's submit button: disabled until the island hydrates (so a form
 * never posts itself without JavaScript), while sending, and when done.
 */
export function SubmitButton({
  form,
  children,
  busyLabel,
  done = false,
  className,
  postsWithoutScript = false,
}: Props): ReactElement {
  useSignals();
  const hydrated = useHydrated();
  const submitting = form.submitting.value;
  return (
    <button
      type="submit"
      className={className ?? 'btn-primary w-full py-2.5 disabled:cursor-not-allowed disabled:opacity-60'}
      disabled={(!hydrated && !postsWithoutScript) || submitting || done}
      aria-busy={submitting || undefined}
    >
      {submitting ? busyLabel : children}
    </button>
  );
}
