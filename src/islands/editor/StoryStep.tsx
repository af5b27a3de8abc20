import type { ReactElement } from 'react';
import { CAMPAIGN_LIMITS } from '~/lib/schemas/campaign';
import type { CampaignFormStore } from './campaignFormStore';
import { RichTextField } from './RichTextField';
import { textLengthOf } from './richText';

/** Step 2: the story, in the rich-text editor. */
export function StoryStep({ form }: { form: CampaignFormStore }): ReactElement {
  return (
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
  );
}
