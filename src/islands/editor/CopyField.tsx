import { type ReactElement, useId, useRef } from 'react';
import { copyText } from '~/lib/browser/browserFiles';
import { notify } from '~/stores/toast';

interface Props {
  label: string;
  value: string;
  /** The button's words, e.g. 'Copy link'. */
  copyLabel: string;
  /** What the toast confirms, e.g. 'Link copied'. */
  copiedMessage: string;
  /** Several lines (a code snippet) instead of one. */
  multiline?: boolean;
}

const FIELD_CLASS =
  'min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-3 py-2 text-sm text-ink-muted';

/** A read-only value with a copy button; where copying is refused, the text is selected for the owner to copy. */
export function CopyField({
  label,
  value,
  copyLabel,
  copiedMessage,
  multiline = false,
}: Props): ReactElement {
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const id = useId();

  const copy = async (): Promise<void> => {
    const copied = await copyText(value);
    if (!copied) field.current?.select();
    notify(
      copied
        ? { type: 'success', message: copiedMessage, duration: 2000 }
        : { type: 'error', message: 'Could not copy. Select the text and copy it yourself.', duration: 3000 },
    );
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className={`flex gap-2 ${multiline ? 'flex-col items-start sm:flex-row' : 'items-stretch'}`}>
        {multiline ? (
          <textarea
            ref={field}
            id={id}
            readOnly
            value={value}
            rows={4}
            className={`${FIELD_CLASS} w-full font-mono`}
            onFocus={(event) => event.currentTarget.select()}
          />
        ) : (
          <input
            ref={field}
            id={id}
            type="text"
            readOnly
            value={value}
            className={FIELD_CLASS}
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
        <button type="button" className="btn-outline flex-none px-3 py-2 text-sm" onClick={() => void copy()}>
          {copyLabel}
        </button>
      </div>
    </div>
  );
}
