import type { ReactElement } from 'react';

/** A list or panel that could not be loaded: said, with 'Try again' (which loads it again). */
export function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }): ReactElement {
  return (
    <div role="alert" className="space-y-3">
      <p>{message}</p>
      <button type="button" className="btn-outline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
