import * as v from 'valibot';
import { oneMessagePerField, uuidField } from './campaignFields';
import { videoListSchema } from './campaignVideos';
import { multiLine, requiredText } from './textRules';

/** `POST /campaigns/campaign-updates` (multipart; `videos` as JSON text, `images` as files). */

export const CAMPAIGN_UPDATE_LIMITS = { description: 5_000, images: 5, videos: 5 } as const;

export const CAMPAIGN_UPDATE_MESSAGES = {
  campaign: 'Please choose a campaign.',
  descriptionRequired: 'Please write your update.',
  descriptionTooLong: 'Your update must be at most 5 000 characters.',
  videosMax: 'Please add at most 5 videos.',
  imagesMax: 'Please add at most 5 images.',
  posted: 'Updated posted successfully.',
} as const;

export const campaignUpdatePostSchema = oneMessagePerField(
  v.object({
    campaignId: uuidField(CAMPAIGN_UPDATE_MESSAGES.campaign),
    description: v.optional(
      v.config(
        requiredText(
          CAMPAIGN_UPDATE_MESSAGES.descriptionRequired,
          CAMPAIGN_UPDATE_LIMITS.description,
          CAMPAIGN_UPDATE_MESSAGES.descriptionTooLong,
          multiLine('Your update'),
        ),
        { abortPipeEarly: true },
      ),
      '',
    ),
    videos: v.optional(
      videoListSchema(CAMPAIGN_UPDATE_LIMITS.videos, CAMPAIGN_UPDATE_MESSAGES.videosMax),
      [],
    ),
  }),
);
export type CampaignUpdatePostInput = v.InferOutput<typeof campaignUpdatePostSchema>;
