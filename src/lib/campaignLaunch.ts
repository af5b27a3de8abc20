import { CampaignCategory } from './enums';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES } from './schemas/campaign';

/**
 * What a campaign needs before it may launch (docs/api/campaigns.md,
 * Lifecycle): the editor's checklist and `PATCH /campaigns/{id}/launch` both
 * ask this module, so the owner never sees "ready" for a campaign the server
 * then refuses.
 */

/** What launching looks at. */
export interface LaunchFacts {
  name: string;
  /** Characters of readable story text, not of its HTML. */
  storyLength: number;
  /** Only whether it is above 0 counts, so cents and rand alike. */
  donationTarget: number;
  /** CampaignCategory.Uncategorised while none is chosen. */
  campaignCategoryId: number;
  endDate: Date | null;
  imageCount: number;
}

/** Form field → the messages saying what it lacks; the shape of a 400's field errors. */
export type LaunchProblems = Record<string, string[]>;

/** What each missing piece is called in the launch failure's message. */
const WHAT_TO_ADD: Readonly<Record<string, string>> = {
  name: 'a name',
  story: `a story of at least ${CAMPAIGN_LIMITS.storyMinText} characters`,
  donationTarget: 'a donation target',
  campaignCategory: 'a category',
  images: 'at least one image',
  endDate: 'an end date in the future',
};

/**
 * What keeps a campaign from launching, by form field (empty when it may
 * launch): a name, a story of at least 50 characters of text, a target, a
 * category other than Uncategorised, an image, and no end date in the past.
 */
export function launchProblems(facts: LaunchFacts, now: Date = new Date()): LaunchProblems {
  const problems: LaunchProblems = {};
  if (facts.name.trim().length < CAMPAIGN_LIMITS.nameMin) problems.name = [CAMPAIGN_MESSAGES.nameRequired];
  if (facts.storyLength < CAMPAIGN_LIMITS.storyMinText) problems.story = [CAMPAIGN_MESSAGES.storyTooShort];
  if (!(facts.donationTarget > 0)) problems.donationTarget = [CAMPAIGN_MESSAGES.target];
  if (facts.campaignCategoryId === CampaignCategory.Uncategorised) {
    problems.campaignCategory = [CAMPAIGN_MESSAGES.category];
  }
  if (facts.imageCount < 1) problems.images = [CAMPAIGN_MESSAGES.imagesRequired];
  // Written as "not after now" so an unreadable date counts as passed, never as fine.
  if (facts.endDate && !(facts.endDate.getTime() > now.getTime())) {
    problems.endDate = [CAMPAIGN_MESSAGES.endPassed];
  }
  return problems;
}

/** 'Your campaign is not ready to launch yet. Please add a story of at least 50 characters and at least one image.' */
export function launchProblemSummary(problems: LaunchProblems): string {
  const parts = Object.keys(problems).map((field) => WHAT_TO_ADD[field] ?? field);
  const list = parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Your campaign is not ready to launch yet. Please add ${list}.`;
}
