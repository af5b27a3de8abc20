import { getErrors, setError, setValue, validate } from '@modular-forms/react';
import { useState } from 'react';
import type { OwnerCampaign } from '~/lib/api/campaigns';
import { $campaignCreation, type CampaignStep, hasUnsavedValues } from '~/stores/campaignCreation';
import { launchSavedCampaign, type SaveResult, saveCampaignDraft } from './campaignActions';
import { type CampaignFormStore, fieldPaths, readCampaignValues } from './campaignFormStore';
import type { LaunchProblem } from './ReviewStep';
import type { CampaignAutosave } from './useCampaignAutosave';
import type { CampaignImages } from './useCampaignImages';
import type { StepNavigation } from './useStepNavigation';

interface Options {
  form: CampaignFormStore;
  campaignId: string | null;
  /** The campaign's address as last saved. */
  savedPath: string | null;
  step: CampaignStep;
  images: CampaignImages;
  navigation: StepNavigation<CampaignStep>;
  autosave: CampaignAutosave;
  onSaved: (result: { id: string; path: string; campaign: OwnerCampaign | null }) => void;
  onLaunched: (id: string) => void;
}

interface SaveAndLaunch {
  busy: 'save' | 'launch' | null;
  launchProblem: LaunchProblem | null;
  save: () => Promise<SaveResult | null>;
  /** Saves first when anything changed since the last save, then launches. */
  launch: () => Promise<void>;
}

/** Saving the draft and launching it, with the server's problems shown on their inputs and steps. */
export function useSaveAndLaunch(options: Options): SaveAndLaunch {
  const { form, campaignId, images, navigation } = options;
  const [busy, setBusy] = useState<'save' | 'launch' | null>(null);
  const [launchProblem, setLaunchProblem] = useState<LaunchProblem | null>(null);

  const showFirstProblem = (extra: Record<string, string> = {}): void => {
    const errors = { ...(getErrors(form) as Record<string, string>), ...extra };
    const paths = Object.keys(errors).filter((p) => errors[p]);
    if (images.imageError || extra.images) paths.push('images');
    navigation.openFirstProblem(paths);
  };

  const applyErrors = (errors: Record<string, string>): void => {
    const known = new Set(fieldPaths(readCampaignValues(form)));
    for (const [path, message] of Object.entries(errors)) {
      if (path === 'images') images.setImageError(message);
      else if (known.has(path)) {
        // biome-ignore lint/suspicious/noExplicitAny: the path was checked against the form's own paths.
        setError(form, path as any, message, { shouldFocus: false });
      }
    }
  };

  const save = async (): Promise<SaveResult | null> => {
    images.setImageError('');
    if (!(await validate(form, { shouldFocus: false }))) {
      showFirstProblem();
      return null;
    }
    const current = readCampaignValues(form, { peek: false });
    options.autosave.cancelPending();
    setBusy('save');
    const result = await saveCampaignDraft({
      campaignId,
      values: current,
      step: options.step,
      images: images.images,
      savedImages: images.savedImages,
      savedPath: options.savedPath,
    });
    setBusy(null);
    if (!result.ok) {
      applyErrors(result.formErrors);
      showFirstProblem(result.formErrors);
      return result;
    }
    options.autosave.adoptCampaignId(result.id);
    if (current.url !== result.path) setValue(form, 'url', result.path);
    if (result.campaign) images.adoptSavedImages(result.campaign);
    options.onSaved(result);
    return result;
  };

  const launch = async (): Promise<void> => {
    setLaunchProblem(null);
    const current = readCampaignValues(form, { peek: false });
    const unsaved =
      !campaignId || hasUnsavedValues($campaignCreation.get().creation, current) || images.imagesChanged();
    let id = campaignId;
    if (unsaved) {
      const saved = await save();
      if (!saved?.ok) return;
      id = saved.id;
    }
    if (!id) return;
    setBusy('launch');
    const result = await launchSavedCampaign(id);
    setBusy(null);
    if (result.ok) {
      options.onLaunched(id);
      return;
    }
    applyErrors(result.formErrors);
    setLaunchProblem({
      errors: result.formErrors,
      message: result.message,
      emailUnconfirmed: result.emailUnconfirmed,
    });
    navigation.show('review');
  };

  return { busy, launchProblem, save, launch };
}
