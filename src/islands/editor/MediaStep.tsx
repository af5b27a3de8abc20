import type { ReactElement } from 'react';
import { NO_IMAGES } from '~/islands/campaign/HighlightCardCover';
import { FormSection } from '~/islands/form/FormSection';
import { CAMPAIGN_LIMITS, SOCIAL_PLATFORMS } from '~/lib/schemas/campaign';
import type { CampaignFormStore } from './campaignFormStore';
import type { EditorImage } from './campaignValues';
import { ImagePicker } from './ImagePicker';
import { LinksFields, socialInputs } from './LinksFields';

interface Props {
  form: CampaignFormStore;
  images: readonly EditorImage[];
  onImagesChange: (images: EditorImage[]) => void;
  imageError: string;
}

const CAMPAIGN_LINKS = socialInputs(SOCIAL_PLATFORMS);

/** Step 3: images (drag and drop, previews, order), YouTube or Vimeo videos, and social links. */
export function MediaStep({ form, images, onImagesChange, imageError }: Props): ReactElement {
  return (
    <div className="space-y-8">
      <FormSection
        id="media-images"
        title="Images"
        text="The first image is the cover donors see on cards and when your campaign is shared. Drag images, or use the arrow buttons, to change the order."
      >
        <ImagePicker
          id="campaign-images"
          images={images}
          onChange={onImagesChange}
          max={CAMPAIGN_LIMITS.images}
          label="Choose images"
          error={imageError || undefined}
          emptyText={NO_IMAGES}
        />
      </FormSection>

      <LinksFields
        form={form}
        idPrefix="media"
        videosText="Links to YouTube or Vimeo videos about your campaign."
        maxVideos={CAMPAIGN_LIMITS.videos}
        videoHint
        linksLegend="Social links"
        linksText="Where donors can follow your campaign."
        links={CAMPAIGN_LINKS}
      />
    </div>
  );
}
