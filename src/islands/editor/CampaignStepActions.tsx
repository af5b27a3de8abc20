import type { ReactElement } from 'react';
import type { CampaignStep } from '~/stores/campaignCreation';
import { STEP_LABELS } from './ReviewStep';
import { StepActionBar } from './StepParts';

interface Props {
  previous: CampaignStep | undefined;
  next: CampaignStep | undefined;
  busy: 'save' | 'launch' | null;
  published: boolean;
  closed: boolean;
  onGoTo: (step: CampaignStep) => void;
  onNext: () => void;
  onLaunch: () => void;
}

/** Back, save (the form's submit), and Next or, on the last step of a draft, Launch. */
export function CampaignStepActions({
  previous,
  next,
  busy,
  published,
  closed,
  onGoTo,
  onNext,
  onLaunch,
}: Props): ReactElement {
  return (
    <StepActionBar previous={previous} labels={STEP_LABELS} onGoTo={onGoTo}>
      <button
        type="submit"
        className={`${next ? 'btn-outline' : 'btn-primary'} disabled:cursor-not-allowed disabled:opacity-60`}
        disabled={busy !== null || closed}
        aria-busy={busy === 'save' || undefined}
      >
        {busy === 'save' ? 'Saving…' : published ? 'Save changes' : 'Save draft'}
      </button>
      {next ? (
        <button type="button" className={`btn-primary ${previous ? 'col-span-2' : ''}`} onClick={onNext}>
          Next: {STEP_LABELS[next]}
        </button>
      ) : !published && !closed ? (
        <button
          type="button"
          className="btn-accent col-span-2 disabled:cursor-not-allowed disabled:opacity-60"
          disabled={busy !== null}
          aria-busy={busy === 'launch' || undefined}
          onClick={onLaunch}
        >
          {busy === 'launch' ? 'Launching…' : 'Launch campaign'}
        </button>
      ) : null}
    </StepActionBar>
  );
}
