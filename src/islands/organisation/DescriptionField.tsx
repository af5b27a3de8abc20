import { Field, setValue } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useCallback, useMemo } from 'react';
import { RichTextEditor } from '~/islands/editor/RichTextEditor';
import { FieldMessages, fieldId, hintClass, labelClass } from '~/islands/form/fieldParts';
import { ORGANISATION_LIMITS, textOfDescription } from '~/lib/schemas/organisation';
import type { OrganisationFormStore } from './organisationValues';

function DescriptionEditor({
  form,
  field,
}: {
  form: OrganisationFormStore;
  field: { value: { value: string | null | undefined }; error: { value: string } };
}): ReactElement {
  useSignals();
  const value = field.value.value ?? '';
  const error = field.error.value;
  const id = fieldId('briefDescription');
  const length = useMemo(() => textOfDescription(value).length, [value]);
  const onChange = useCallback(
    (html: string) => setValue(form, 'briefDescription', html, { shouldTouched: true, shouldDirty: true }),
    [form],
  );
  const enough = length >= ORGANISATION_LIMITS.descriptionMinText;
  return (
    <div>
      <p id={`${id}-label`} className={labelClass}>
        Description
      </p>
      <p id={`${id}-hint`} className={`${hintClass} mb-2`}>
        What your organisation does, for whom and where. At least {ORGANISATION_LIMITS.descriptionMinText}{' '}
        characters.
      </p>
      <RichTextEditor
        id={id}
        labelledBy={`${id}-label`}
        describedBy={[`${id}-hint`, `${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        value={value}
        onChange={onChange}
        invalid={error !== ''}
        placeholder="Start with your mission…"
        size="small"
      />
      <p
        id={`${id}-count`}
        className={`mt-1 text-right text-xs ${enough ? 'text-ink-muted' : 'text-accent-dark'}`}
      >
        {length} characters
      </p>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

/** The organisation's description, in the rich-text editor of campaign stories. */
export function DescriptionField({ form }: { form: OrganisationFormStore }): ReactElement {
  return (
    <Field of={form} name="briefDescription">
      {(field) => <DescriptionEditor form={form} field={field} />}
    </Field>
  );
}
