import { type KeyboardEvent, type ReactElement, useEffect, useRef } from 'react';

interface Props {
  /** Id of the editor; the prompt's ids derive from it. */
  editorId: string;
  value: string;
  error: string;
  onChange: (value: string) => void;
  onApply: () => void;
  onCancel: () => void;
}

/** The address of a link being added, asked for under the toolbar; Enter applies, Escape cancels. */
export function LinkPrompt({ editorId, value, error, onChange, onApply, onCancel }: Props): ReactElement {
  const input = useRef<HTMLInputElement>(null);
  const inputId = `${editorId}-link`;
  const errorId = `${editorId}-link-error`;

  useEffect(() => {
    input.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onApply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <div className="flex flex-wrap items-start gap-2 border-b border-gray-200 bg-white p-2">
      <label htmlFor={inputId} className="sr-only">
        Link address
      </label>
      <div className="min-w-0 flex-1">
        <input
          ref={input}
          id={inputId}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="block w-full rounded-md border border-gray-300 px-2 py-1.5 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {error ? (
          <p id={errorId} className="mt-1 text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={onApply}>
        Apply link
      </button>
      <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
