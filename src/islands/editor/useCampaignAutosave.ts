import { useSignalEffect } from '@preact/signals-react';
import { useEffect, useRef } from 'react';
import { type CampaignFormValues, type CampaignStep, rememberCreation } from '~/stores/campaignCreation';
import { type CampaignFormStore, readCampaignValues } from './campaignFormStore';

export interface CampaignAutosave {
  /** Drops a change still waiting to be remembered, so it cannot land after a save with the old id. */
  cancelPending: () => void;
  /** The id a first save gave the campaign, for what is remembered next. */
  adoptCampaignId: (id: string) => void;
}

/** Keeps the owner's work across reloads (src/stores/campaignCreation.ts): a moment after each change, at once on each step. */
export function useCampaignAutosave(
  form: CampaignFormStore,
  campaignId: string | null,
  step: CampaignStep,
  initialValues: CampaignFormValues,
): CampaignAutosave {
  const lastJson = useRef(JSON.stringify(initialValues));
  const stepRef = useRef(step);
  stepRef.current = step;
  const idRef = useRef(campaignId);
  idRef.current = campaignId;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelPending = (): void => {
    if (timer.current) clearTimeout(timer.current);
  };

  useSignalEffect(() => {
    const current = readCampaignValues(form, { peek: false });
    const json = JSON.stringify(current);
    if (json === lastJson.current) return;
    lastJson.current = json;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => rememberCreation(idRef.current, stepRef.current, current), 300);
  });
  useEffect(() => {
    rememberCreation(campaignId, step, readCampaignValues(form));
  }, [step, campaignId, form]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return {
    cancelPending,
    adoptCampaignId: (id) => {
      idRef.current = id;
    },
  };
}
