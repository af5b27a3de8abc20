import type { ReactElement } from 'react';
import { CAMPAIGN_STEPS, type CampaignStep } from '~/stores/campaignCreation';
import { STEP_LABELS } from './ReviewStep';
import { StepList } from './StepList';

/** The editor's numbered steps; the owner may open any of them. */
export function CampaignStepList({
  step,
  onGoTo,
}: {
  step: CampaignStep;
  onGoTo: (step: CampaignStep) => void;
}): ReactElement {
  return (
    <StepList
      label="Campaign steps"
      steps={CAMPAIGN_STEPS}
      labels={STEP_LABELS}
      step={step}
      onGoTo={onGoTo}
    />
  );
}
