import { Field } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { NO_IMAGES } from '~/islands/campaign/HighlightCardCover';
import { TextField } from '~/islands/form/TextField';
import {
  CAMPAIGN_LIMITS,
  parseVideoUrl,
  SOCIAL_PLATFORMS,
  type SocialPlatform,
} from '~/lib/schemas/campaign';
import type { CampaignFormStore } from './campaignFormStore';
import type { EditorImage } from './campaignValues';
import { ImagePicker } from './ImagePicker';
import { VideoLinkFields } from './VideoLinkFields';

export const SOCIAL_LABELS: Readonly<Record<SocialPlatform, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X (Twitter)',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  website: 'Website',
};

interface Props {
  form: CampaignFormStore;
  images: readonly EditorImage[];
  onImagesChange: (images: EditorImage[]) => void;
  imageError: string;
}

/** Which video a link points at, as the owner types it. */
function VideoHint({
  field,
}: {
  field: { value: { value: string | null | undefined } };
}): ReactElement | null {
  useSignals();
  const link = field.value.value ?? '';
  const video = link.trim() === '' ? null : parseVideoUrl(link);
  if (!video) return null;
  return (
    <>
      {video.provider === 'youtube' ? 'YouTube' : 'Vimeo'} video {video.id}
    </>
  );
}

/** Step 3: images (drag and drop, previews, order), YouTube or Vimeo videos, and social links. */
export function MediaStep({ form, images, onImagesChange, imageError }: Props): ReactElement {
  return (
    <div className="space-y-8">
      <section aria-labelledby="media-images-title" className="space-y-3">
        <div>
          <h3 id="media-images-title" className="font-semibold text-ink">
            Images
          </h3>
          <p className="text-sm text-ink-muted">
            The first image is the cover donors see on cards and when your campaign is shared. Drag images, or
            use the arrow buttons, to change the order.
          </p>
        </div>
        <ImagePicker
          id="campaign-images"
          images={images}
          onChange={onImagesChange}
          max={CAMPAIGN_LIMITS.images}
          label="Choose images"
          error={imageError || undefined}
          emptyText={NO_IMAGES}
        />
      </section>

      <section aria-labelledby="media-videos-title" className="space-y-3">
        <div>
          <h3 id="media-videos-title" className="font-semibold text-ink">
            Videos
          </h3>
          <p className="text-sm text-ink-muted">Links to YouTube or Vimeo videos about your campaign.</p>
        </div>
        <VideoLinkFields
          form={form}
          max={CAMPAIGN_LIMITS.videos}
          inputMode="text"
          hint={(field) => <VideoHint field={field} />}
        />
      </section>

      <fieldset className="space-y-4">
        <legend className="font-semibold text-ink">Social links</legend>
        <p className="text-sm text-ink-muted">Where donors can follow your campaign (optional).</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_PLATFORMS.map((platform) => (
            <Field key={platform} of={form} name={`socials.${platform}`}>
              {(field, props) => (
                <TextField
                  field={field}
                  props={props}
                  label={SOCIAL_LABELS[platform]}
                  type="url"
                  inputMode="text"
                  autoComplete="url"
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
