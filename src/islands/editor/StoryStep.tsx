import { Field } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { SelectField } from '~/islands/form/SelectField';
import { STORY_LANGUAGES } from '~/lib/i18n/languages';
import { CAMPAIGN_LIMITS } from '~/lib/schemas/campaign';
import type { CampaignFormStore } from './campaignFormStore';
import { RichTextField } from './RichTextField';
import { textLengthOf } from './richText';

const LANGUAGE_OPTIONS = STORY_LANGUAGES.map((language) => ({ value: language.code, label: language.name }));

/** Step 2: the story, in the rich-text editor, and the language it is written in. */
export function StoryStep({ form }: { form: CampaignFormStore }): ReactElement {
  return (
    <div className="space-y-5">
      <RichTextField
        form={form}
        name="story"
        label="Your story"
        hint={
          <>
            Who are you raising funds for, why, and how will the money be used? Use headings and lists to make
            it easy to read. You need at least {CAMPAIGN_LIMITS.storyMinText} characters before you launch.
          </>
        }
        placeholder="Start with what the money is for…"
        min={CAMPAIGN_LIMITS.storyMinText}
        lengthOf={textLengthOf}
        shortNote={` (at least ${CAMPAIGN_LIMITS.storyMinText} to launch)`}
      />
      <Field of={form} name="language">
        {(field, props) => (
          <SelectField
            field={field}
            props={props}
            label="The language of your story"
            hint="Your story is shown as you wrote it on every language's page, marked with this language so browsers and screen readers read it right."
            options={LANGUAGE_OPTIONS}
          />
        )}
      </Field>
    </div>
  );
}
