import type { ReactElement, ReactNode } from 'react';

interface Props {
  /** Names what goes, e.g. 'video link 2': the button reads 'Remove {what}' to a screen reader. */
  what: string;
  onRemove: () => void;
  children: ReactNode;
}

/** One entry of an editable list (a field and its Remove button), as in the video links of a campaign or an update. */
export function RemovableRow({ what, onRemove, children }: Props): ReactElement {
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">{children}</div>
      <button
        type="button"
        className="mt-7 rounded px-2 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
        aria-label={`Remove ${what}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </div>
  );
}
