import { persistentAtom } from '@nanostores/persistent';
import type { SavedCampaign } from '~/lib/contracts/campaigns';
import './storage';

/**
 * The campaign being created or edited, persisted so a reload keeps the
 * owner's work (SPEC §2, §4). Two sections, both reset by START CAMPAIGN:
 * - creation: the wizard's form values and step (files are not kept: a
 *   browser cannot store them; saving the draft uploads them);
 * - details: the saved campaign's id and path (SPEC §4: create and update
 *   success store them), so a new campaign's editor reopens its draft.
 *
 * This module is imported by the navbar (START CAMPAIGN), so it holds state
 * only; the editor's API calls live in src/islands/editor/campaignActions.ts.
 *
 * It only ever holds an unlaunched draft of the signed-in user (issue 22): it is
 * cleared on launch, on logout, and when the server says the stored campaign is
 * launched or not the user's own (`keepOnlyOwnDraft`), so START CAMPAIGN never
 * reopens a live campaign.
 */

export const CAMPAIGN_STEPS = ['basics', 'story', 'media', 'settings', 'review'] as const;
export type CampaignStep = (typeof CAMPAIGN_STEPS)[number];

export type FundingChoice = 'independent' | 'bluetick' | 'organisation';

/** The editor's form: what the inputs hold (text), before it becomes the campaign form of the contract. */
export type CampaignFormValues = {
  name: string;
  campaignCategory: string;
  campaignSubCategory: string;
  donationTarget: string;
  /** Money the owner raised outside the platform (shown in the funding breakdown). */
  offlineDonations: string;
  /** '1' rand, '2' US dollar. */
  currency: string;
  /** yyyy-mm-dd (South African dates). */
  startDate: string;
  endDate: string;
  fundingChoice: FundingChoice;
  organisation: string;
  address: { city: string; province: string };
  url: string;
  /** HTML from the story editor. */
  story: string;
  /** The story's language (src/lib/i18n/languages.ts STORY_LANGUAGES): the page marks the story with it. */
  language: string;
  videos: string[];
  /** One link per platform (facebook, instagram, x, tiktok, linkedin, website). */
  socials: Record<string, string>;
  thankYouMessage: string;
  notificationFrequency: string;
  visibility: string;
  event: string;
  settings: { isRecurringGivingCampaign: boolean; showBarometer: string; isTaxBenefit: boolean };
};

export interface CreationSection {
  /** The campaign these values belong to; null until the first save. */
  campaignId: string | null;
  step: CampaignStep;
  values: CampaignFormValues;
  /** The values as last saved (JSON), to tell unsaved changes apart. */
  savedValues: string | null;
}

export interface DetailsSection {
  id: string;
  /** The last segment of the campaign's url: /campaign/{path}. */
  path: string;
}

export interface CampaignCreationState {
  creation: CreationSection | null;
  details: DetailsSection | null;
}

export const EMPTY_CAMPAIGN_CREATION: CampaignCreationState = { creation: null, details: null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whatever is stored, as the current shape: an unreadable section (an older version's) is dropped. */
export function readCampaignCreation(value: unknown): CampaignCreationState {
  if (!isRecord(value)) return EMPTY_CAMPAIGN_CREATION;
  const { creation, details } = value;
  return {
    creation:
      isRecord(creation) &&
      isRecord(creation.values) &&
      CAMPAIGN_STEPS.includes(creation.step as CampaignStep)
        ? (creation as unknown as CreationSection)
        : null,
    details:
      isRecord(details) && typeof details.id === 'string' && typeof details.path === 'string'
        ? { id: details.id, path: details.path }
        : null,
  };
}

export const $campaignCreation = persistentAtom<CampaignCreationState>(
  'campaignCreation',
  EMPTY_CAMPAIGN_CREATION,
  {
    encode: JSON.stringify,
    decode: (raw) => {
      try {
        return readCampaignCreation(JSON.parse(raw));
      } catch {
        return EMPTY_CAMPAIGN_CREATION;
      }
    },
  },
);

/** START CAMPAIGN (SPEC §2): forgets the draft and the campaign it was saved as. */
export function resetCampaignCreation(): void {
  $campaignCreation.set(EMPTY_CAMPAIGN_CREATION);
}

// Logout forgets it too: src/stores/auth.ts calls resetCampaignCreation with the other stores'
// resetters (this module is on every page through START CAMPAIGN, so it does not import auth).

/** What the server says of the stored campaign: whose it is and whether it is live. */
export interface StoredCampaignFacts {
  ownerId: string;
  published: boolean;
}

/** True when the campaign is a draft `userId` owns: the only kind "Start campaign" reopens. */
export function isOwnDraft(campaign: StoredCampaignFacts | null, userId: string): boolean {
  return campaign !== null && campaign.ownerId === userId && !campaign.published;
}

/**
 * Checks the stored campaign against the server's answer (null: gone or not visible):
 * anything but the user's own unlaunched draft is forgotten. Answers whether it was kept.
 */
export function keepOnlyOwnDraft(campaign: StoredCampaignFacts | null, userId: string): boolean {
  if (isOwnDraft(campaign, userId)) return true;
  resetCampaignCreation();
  return false;
}

/** After a launch: the campaign is live, so "Start campaign" must open a fresh form. */
export function forgetLaunchedCampaign(campaignId: string): void {
  const { creation, details } = $campaignCreation.get();
  if (details?.id === campaignId || creation?.campaignId === campaignId || !details) resetCampaignCreation();
}

/** SPEC §4: the path is the last segment of the campaign's url (a bare path segment stays as it is). */
export function campaignPathOf(url: string): string {
  const withoutQuery = url.split(/[?#]/)[0] ?? '';
  const segments = withoutQuery.split('/').filter((segment) => segment !== '');
  return segments[segments.length - 1] ?? '';
}

/** JSON with object keys sorted, so equal values always give equal text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** Keeps the wizard's values and step (called as the owner types). */
export function rememberCreation(
  campaignId: string | null,
  step: CampaignStep,
  values: CampaignFormValues,
): void {
  const state = $campaignCreation.get();
  const sameCampaign = state.creation?.campaignId === campaignId;
  $campaignCreation.set({
    ...state,
    creation: {
      campaignId,
      step,
      values,
      savedValues: sameCampaign ? (state.creation?.savedValues ?? null) : null,
    },
  });
}

/** The values last saved for this campaign are these (the server has them). */
export function markCreationSaved(campaignId: string, values: CampaignFormValues, step: CampaignStep): void {
  const state = $campaignCreation.get();
  $campaignCreation.set({
    ...state,
    creation: { campaignId, step, values, savedValues: stableJson(values) },
  });
}

/** True when `values` differ from what was last saved (or nothing was saved yet). */
export function hasUnsavedValues(creation: CreationSection | null, values: CampaignFormValues): boolean {
  return creation?.savedValues !== stableJson(values);
}

/** Create and update success, or a campaign loaded into the editor (SPEC §4): its id and path. */
export function recordSavedCampaign(saved: SavedCampaign): void {
  $campaignCreation.set({
    ...$campaignCreation.get(),
    details: { id: saved.id, path: campaignPathOf(saved.url) },
  });
}
