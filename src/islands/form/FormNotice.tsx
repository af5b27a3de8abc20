import type { ReactElement, ReactNode } from 'react';

interface Props {
  tone: 'success' | 'error' | 'info';
  children: ReactNode;
}

const toneClass = {
  success: 'border-green-300 bg-green-50 text-green-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-brand/30 bg-brand-light text-ink',
} as const;

/** A message box for a form's outcome; errors interrupt screen readers, the others are polite. */
export function FormNotice({ tone, children }: Props): ReactElement {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-4 py-3 text-sm ${toneClass[tone]}`}
    >
      {children}
    </div>
  );
}
