import { type FormStore, getValues } from '@modular-forms/react';
import { fieldPathsOf } from '~/islands/form/formValues';
import type { CampaignFormValues } from '~/stores/campaignCreation';
import { completeValues } from './campaignValues';

export type CampaignFormStore = FormStore<CampaignFormValues, undefined>;

/**
 * The form's values with defaults for what is not on screen. `peek` reads
 * without subscribing: the steps re-render themselves, and only a signal
 * effect (the autosave) should re-run on every change.
 */
export function readCampaignValues(form: CampaignFormStore, { peek = true } = {}): CampaignFormValues {
  return completeValues(getValues(form, { peek }) as Partial<CampaignFormValues>);
}

/** Every input's path in these values ('name', 'address.city', 'videos.0', 'settings.isTaxBenefit'…). */
export const fieldPaths = (values: CampaignFormValues): string[] => fieldPathsOf(values);
