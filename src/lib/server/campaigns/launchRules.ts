import type { LaunchFacts } from '~/lib/campaignLaunch';
import { textOfHtml } from '~/lib/server/platform/sanitizeHtml';

/** The columns of a stored campaign that launching looks at. */
export interface StoredLaunchFields {
  name: string;
  /** Sanitised HTML. */
  story: string;
  /** Cents. */
  donationTarget: number;
  campaignCategoryId: number;
  endDate: Date | null;
}

/**
 * A stored campaign as the shared launch rule (~/lib/campaignLaunch) reads it:
 * the story counted as its readable text, the way the editor counts it.
 */
export function launchFactsOf(campaign: StoredLaunchFields, imageCount: number): LaunchFacts {
  return {
    name: campaign.name,
    storyLength: textOfHtml(campaign.story).length,
    donationTarget: campaign.donationTarget,
    campaignCategoryId: campaign.campaignCategoryId,
    endDate: campaign.endDate,
    imageCount,
  };
}
