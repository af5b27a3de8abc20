import type { ReactElement } from 'react';
import { CAMPAIGN_STEPS, type CampaignStep } from '~/stores/campaignCreation';
import { STEP_LABELS } from './ReviewStep';

/** The editor's numbered steps; the owner may open any of them. */
export function CampaignStepList({
  step,
  onGoTo,
}: {
  step: CampaignStep;
  onGoTo: (step: CampaignStep) => void;
}): ReactElement {
  return (
    <nav aria-label="Campaign steps">
      <ol className="-mx-1 flex gap-1 overflow-x-auto pb-1">
        {CAMPAIGN_STEPS.map((s, i) => (
          <li key={s} className="shrink-0">
            <button
              type="button"
              aria-current={s === step ? 'step' : undefined}
              className={`flex min-h-9 items-center gap-2 rounded-full px-2 py-1.5 text-sm font-semibold sm:px-3 ${
                s === step ? 'bg-brand text-white' : 'bg-gray-100 text-ink hover:bg-gray-200'
              }`}
              onClick={() => onGoTo(s)}
            >
              <span
                aria-hidden="true"
                className={`flex h-5 w-5 items-center justify-center rounded-full text-xs ${
                  s === step ? 'bg-white text-brand' : 'bg-white text-ink-muted'
                }`}
              >
                {i + 1}
              </span>
              {/* On a phone only the current step is named; the others keep their names for screen readers. */}
              <span className={s === step ? '' : 'sr-only sm:not-sr-only'}>{STEP_LABELS[s]}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
