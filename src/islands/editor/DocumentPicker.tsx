import { type ReactElement, useState } from 'react';
import { errorClass, hintClass, labelClass, OptionalMark } from '~/islands/form/fieldParts';

const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export const DOCUMENT_MESSAGES = {
  type: 'Only PDF, JPEG and PNG documents can be uploaded.',
  size: 'Each document must be at most 10 MB.',
} as const;

const fileKey = (file: File): string => `${file.name}:${file.size}:${file.lastModified}`;

interface Props {
  id: string;
  label: string;
  hint: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  max: number;
  tooMany: string;
  error?: string | undefined;
  /** False for documents that may be left out: the label then says "(optional)". */
  required?: boolean;
}

/** Private documents (identity, supporting): choose, list, remove. Checked by type, size and count. */
export function DocumentPicker({
  id,
  label,
  hint,
  files,
  onChange,
  max,
  tooMany,
  error,
  required = true,
}: Props): ReactElement {
  const [problem, setProblem] = useState('');
  const add = (chosen: readonly File[]): void => {
    const problems: string[] = [];
    const accepted = chosen.filter((file) => {
      if (!DOCUMENT_TYPES.includes(file.type)) {
        problems.push(DOCUMENT_MESSAGES.type);
        return false;
      }
      if (file.size > MAX_DOCUMENT_BYTES) {
        problems.push(DOCUMENT_MESSAGES.size);
        return false;
      }
      return true;
    });
    const fresh = accepted.filter((file) => !files.some((f) => fileKey(f) === fileKey(file)));
    const next = [...files, ...fresh];
    if (next.length > max) problems.push(tooMany);
    setProblem(problems[0] ?? '');
    onChange(next.slice(0, max));
  };
  const shown = problem || error || '';
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? null : <OptionalMark />}
      </label>
      <p id={`${id}-hint`} className={`${hintClass} mb-2`}>
        {hint}
      </p>
      <input
        id={id}
        type="file"
        multiple={max > 1}
        accept={DOCUMENT_TYPES.join(',')}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        aria-invalid={shown ? true : undefined}
        disabled={files.length >= max}
        className="block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-brand file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-brand hover:file:bg-brand-light"
        onChange={(event) => {
          add(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      {files.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {files.map((file, index) => (
            <li
              key={fileKey(file)}
              className="flex items-center justify-between gap-2 rounded bg-gray-50 px-3 py-1.5 text-sm"
            >
              <span className="min-w-0 truncate">{file.name}</span>
              <button
                type="button"
                className="shrink-0 font-semibold text-red-700 hover:underline"
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  setProblem('');
                  onChange(files.filter((_, i) => i !== index));
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? (
        <p id={`${id}-error`} className={errorClass}>
          {shown}
        </p>
      ) : null}
    </div>
  );
}
