import { persistentJSON } from '@nanostores/persistent';
import './storage';

/**
 * The campaign being created, persisted so a reload keeps the owner's work.
 * The creation wizard fills these sections; this module only knows their names.
 */
export interface CampaignCreationState {
  creation: Record<string, unknown> | null;
  verification: Record<string, unknown> | null;
  details: Record<string, unknown> | null;
  launch: Record<string, unknown> | null;
}

export const EMPTY_CAMPAIGN_CREATION: CampaignCreationState = {
  creation: null,
  verification: null,
  details: null,
  launch: null,
};

export const $campaignCreation = persistentJSON<CampaignCreationState>(
  'campaignCreation',
  EMPTY_CAMPAIGN_CREATION,
);

/** START CAMPAIGN (SPEC §2): forgets creation, verification, details and launch state. */
export function resetCampaignCreation(): void {
  $campaignCreation.set(EMPTY_CAMPAIGN_CREATION);
}
