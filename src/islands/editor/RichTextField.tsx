import { Field, type FormStore, setValue } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, type ReactNode, useCallback, useMemo } from 'react';
import { FieldMessages, fieldId, hintClass, labelClass } from '~/islands/form/fieldParts';
import { RichTextEditor } from './RichTextEditor';

interface Props {
  /** A form with an HTML field `name`. */
  // biome-ignore lint/suspicious/noExplicitAny: modular-forms cannot type "any form with this text field".
  form: FormStore<any, undefined>;
  name: string;
  label: string;
  hint: ReactNode;
  placeholder: string;
  size?: 'small';
  /** The characters of text the field should reach, counted by `lengthOf`. */
  min: number;
  lengthOf: (html: string) => number;
  /** After the count while it is under `min`, e.g. ' (at least 200 to launch)'. */
  shortNote?: string;
}

type EditorProps = Omit<Props, 'form'> & {
  field: { value: { value: string | null | undefined }; error: { value: string } };
  onChange: (html: string) => void;
};

function RichTextInput({
  field,
  onChange,
  name,
  label,
  hint,
  placeholder,
  size,
  min,
  lengthOf,
  shortNote = '',
}: EditorProps): ReactElement {
  useSignals();
  const value = field.value.value ?? '';
  const error = field.error.value;
  const id = fieldId(name);
  const length = useMemo(() => lengthOf(value), [lengthOf, value]);
  const enough = length >= min;
  return (
    <div>
      <p id={`${id}-label`} className={labelClass}>
        {label}
      </p>
      <p id={`${id}-hint`} className={`${hintClass} mb-2`}>
        {hint}
      </p>
      <RichTextEditor
        id={id}
        labelledBy={`${id}-label`}
        describedBy={[`${id}-hint`, `${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        value={value}
        onChange={onChange}
        invalid={error !== ''}
        placeholder={placeholder}
        {...(size ? { size } : {})}
      />
      <p
        id={`${id}-count`}
        className={`mt-1 text-right text-xs ${enough ? 'text-ink-muted' : 'text-accent-dark'}`}
      >
        {length} characters
        {enough ? '' : shortNote}
      </p>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

/** An HTML field in the rich-text editor, labelled, with a count of its text against a minimum. */
export function RichTextField({ form, ...props }: Props): ReactElement {
  const { name } = props;
  const onChange = useCallback(
    (html: string) => setValue(form, name, html, { shouldTouched: true, shouldDirty: true }),
    [form, name],
  );
  return (
    <Field of={form} name={name}>
      {(field) => <RichTextInput {...props} field={field} onChange={onChange} />}
    </Field>
  );
}
