import { Field, setValue } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useCallback, useMemo } from 'react';
import { FieldMessages, fieldId, hintClass, labelClass } from '~/islands/form/fieldParts';
import { CAMPAIGN_LIMITS } from '~/lib/schemas/campaign';
import type { CampaignFormStore } from './campaignFormStore';
import { RichTextEditor } from './RichTextEditor';
import { textLengthOf } from './richText';

function StoryEditor({
  form,
  value,
  error,
}: {
  form: CampaignFormStore;
  value: string;
  error: string;
}): ReactElement {
  const id = fieldId('story');
  const length = useMemo(() => textLengthOf(value), [value]);
  const onChange = useCallback(
    (html: string) => setValue(form, 'story', html, { shouldTouched: true, shouldDirty: true }),
    [form],
  );
  const enough = length >= CAMPAIGN_LIMITS.storyMinText;
  return (
    <div>
      <p id={`${id}-label`} className={labelClass}>
        Your story
      </p>
      <p id={`${id}-hint`} className={`${hintClass} mb-2`}>
        Who are you raising funds for, why, and how will the money be used? Use headings and lists to make it
        easy to read. You need at least {CAMPAIGN_LIMITS.storyMinText} characters before you launch.
      </p>
      <RichTextEditor
        id={id}
        labelledBy={`${id}-label`}
        describedBy={[`${id}-hint`, `${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        value={value}
        onChange={onChange}
        invalid={error !== ''}
        placeholder="Start with what the money is for…"
      />
      <p
        id={`${id}-count`}
        className={`mt-1 text-right text-xs ${enough ? 'text-ink-muted' : 'text-accent-dark'}`}
      >
        {length} characters
        {enough ? '' : ` (at least ${CAMPAIGN_LIMITS.storyMinText} to launch)`}
      </p>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

function StoryField({
  form,
  field,
}: {
  form: CampaignFormStore;
  field: { value: { value: string | null | undefined }; error: { value: string } };
}): ReactElement {
  useSignals();
  return <StoryEditor form={form} value={field.value.value ?? ''} error={field.error.value} />;
}

/** Step 2: the story, in the rich-text editor. */
export function StoryStep({ form }: { form: CampaignFormStore }): ReactElement {
  return (
    <Field of={form} name="story">
      {(field) => <StoryField form={form} field={field} />}
    </Field>
  );
}
