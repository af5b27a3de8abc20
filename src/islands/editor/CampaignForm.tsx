import { type FormErrors, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, type ReactElement, useRef } from 'react';
import type { CategoryLookup, EventLookup, OwnerCampaign } from '~/lib/api/campaigns';
import { CampaignStatus } from '~/lib/enums';
import {
  CAMPAIGN_STEPS,
  type CampaignFormValues,
  type CampaignStep,
  campaignPathOf,
} from '~/stores/campaignCreation';
import type { OrganisationSummary } from '~/stores/myOrganisation';
import { BasicsStep } from './BasicsStep';
import { CampaignStepActions } from './CampaignStepActions';
import { CampaignStepList } from './CampaignStepList';
import { completeValues, stepOfField, validateCampaignValues } from './campaignValues';
import { MediaStep } from './MediaStep';
import { ReviewStep, STEP_LABELS } from './ReviewStep';
import { SettingsStep } from './SettingsStep';
import { StoryStep } from './StoryStep';
import { useCampaignAutosave } from './useCampaignAutosave';
import { useCampaignImages } from './useCampaignImages';
import { useSaveAndLaunch } from './useSaveAndLaunch';
import { useStepNavigation } from './useStepNavigation';

interface Props {
  campaignId: string | null;
  campaign: OwnerCampaign | null;
  initialValues: CampaignFormValues;
  initialStep: CampaignStep;
  categories: readonly CategoryLookup[];
  events: readonly EventLookup[];
  organisation: OrganisationSummary | null;
  ownerName: string;
  ownerEmail: string;
  /** After a save: the id and path of the campaign and what the server now holds. */
  onSaved: (result: { id: string; path: string; campaign: OwnerCampaign | null }) => void;
  onLaunched: () => void;
}

/** The campaign editor's five steps in one form: each step validates on Next, the whole form on save and launch. */
export function CampaignForm(props: Props): ReactElement {
  useSignals();
  const { campaignId, campaign } = props;
  const savedPath = campaign ? campaignPathOf(campaign.url) : null;
  // The validator reads the latest mode and path, not those of the first render.
  const options = useRef({ mode: campaignId ? ('edit' as const) : ('create' as const), savedPath });
  options.current = { mode: campaignId ? 'edit' : 'create', savedPath };

  const [form] = useForm<CampaignFormValues>({
    initialValues: props.initialValues,
    validateOn: 'submit',
    revalidateOn: 'change',
    validate: (values) =>
      validateCampaignValues(
        completeValues(values as Partial<CampaignFormValues>),
        options.current,
      ) as FormErrors<CampaignFormValues>,
  });

  const navigation = useStepNavigation(form, props.initialStep);
  const { step } = navigation;
  const images = useCampaignImages(campaign);
  const autosave = useCampaignAutosave(form, campaignId, step, props.initialValues);
  const { busy, launchProblem, save, launch } = useSaveAndLaunch({
    form,
    campaignId,
    savedPath,
    step,
    images,
    navigation,
    autosave,
    onSaved: props.onSaved,
    onLaunched: props.onLaunched,
  });

  const published = campaign?.published === true;
  const closed = campaign?.status === CampaignStatus.Closed;

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void save();
  };

  return (
    <form
      ref={navigation.formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label="Campaign details"
      className="space-y-6"
    >
      <CampaignStepList step={step} onGoTo={navigation.goTo} />

      <h2 ref={navigation.headingRef} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">
        <span className="sr-only">
          Step {navigation.index + 1} of {CAMPAIGN_STEPS.length}:{' '}
        </span>
        {STEP_LABELS[step]}
      </h2>

      <section data-step="basics" hidden={step !== 'basics'} aria-label={STEP_LABELS.basics}>
        <BasicsStep form={form} categories={props.categories} organisation={props.organisation} />
      </section>
      <section data-step="story" hidden={step !== 'story'} aria-label={STEP_LABELS.story}>
        <StoryStep form={form} />
      </section>
      <section data-step="media" hidden={step !== 'media'} aria-label={STEP_LABELS.media}>
        <MediaStep
          form={form}
          images={images.images}
          onImagesChange={images.changeImages}
          imageError={images.imageError}
        />
      </section>
      <section data-step="settings" hidden={step !== 'settings'} aria-label={STEP_LABELS.settings}>
        <SettingsStep form={form} events={props.events} />
      </section>
      <section data-step="review" hidden={step !== 'review'} aria-label={STEP_LABELS.review}>
        {step === 'review' ? (
          <ReviewStep
            form={form}
            images={images.images}
            categories={props.categories}
            organisation={props.organisation}
            campaign={campaign}
            ownerName={props.ownerName}
            ownerEmail={props.ownerEmail}
            path={savedPath}
            launchProblem={launchProblem}
            published={published}
            onGoTo={navigation.goTo}
            stepOf={stepOfField}
          />
        ) : null}
      </section>

      <CampaignStepActions
        previous={navigation.previous}
        next={navigation.next}
        busy={busy}
        published={published}
        closed={closed}
        onGoTo={navigation.goTo}
        onNext={() => void navigation.goNext()}
        onLaunch={() => void launch()}
      />
    </form>
  );
}
