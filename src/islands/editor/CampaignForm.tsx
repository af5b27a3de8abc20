import type { FormErrors } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, type ReactElement, useState } from 'react';
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
import { fieldPaths, readCampaignValues } from './campaignFormStore';
import { completeValues, stepOfField, validateCampaignValues } from './campaignValues';
import { LaunchConfirm, payeeOf } from './LaunchConfirm';
import { MediaStep } from './MediaStep';
import { ReviewStep, STEP_LABELS } from './ReviewStep';
import { SettingsStep } from './SettingsStep';
import { StepHeading, StepSection } from './StepParts';
import { StoryStep } from './StoryStep';
import { useCampaignAutosave } from './useCampaignAutosave';
import { useCampaignImages } from './useCampaignImages';
import { useSaveAndLaunch } from './useSaveAndLaunch';
import { useSteppedForm } from './useSteppedForm';

interface Props {
  campaignId: string | null;
  campaign: OwnerCampaign | null;
  initialValues: CampaignFormValues;
  initialStep: CampaignStep;
  categories: readonly CategoryLookup[];
  events: readonly EventLookup[];
  /** The organisations "For an organisation" offers (the owner's), or the campaign's own for the rest of the team. */
  organisations: readonly OrganisationSummary[];
  /** For the team other than the owner: the funding organisation is shown, not chosen. */
  organisationLocked: boolean;
  /** Who is paid when it is not the reader: the owner's name for the rest of the team; null for the owner. */
  payeeOwnerName: string | null;
  ownerName: string;
  ownerEmail: string;
  /** After a save: the id and path of the campaign and what the server now holds. */
  onSaved: (result: { id: string; path: string; campaign: OwnerCampaign | null }) => void;
  /** After the launch, with the launched campaign's id. */
  onLaunched: (id: string) => void;
}

/**
 * The events a campaign may join (the active ones), and the one it already names when an admin
 * has since retired it: the select then still shows it, and a save keeps it.
 */
function eventChoices(active: readonly EventLookup[], current: EventLookup | null): readonly EventLookup[] {
  return current && !active.some((event) => event.id === current.id) ? [...active, current] : active;
}

/** The campaign editor's five steps in one form: each step validates on Next, the whole form on save and launch. */
export function CampaignForm(props: Props): ReactElement {
  useSignals();
  const { campaignId, campaign } = props;
  const savedPath = campaign ? campaignPathOf(campaign.url) : null;
  const mode = campaignId ? ('edit' as const) : ('create' as const);
  const { form, navigation } = useSteppedForm({
    initialValues: props.initialValues,
    check: (values) =>
      validateCampaignValues(completeValues(values), { mode, savedPath }) as FormErrors<CampaignFormValues>,
    steps: CAMPAIGN_STEPS,
    initialStep: props.initialStep,
    stepOfField,
    fieldPathsOf: (campaignForm) => fieldPaths(readCampaignValues(campaignForm)),
  });
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
  const [confirmingLaunch, setConfirmingLaunch] = useState(false);

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

      <StepHeading navigation={navigation} steps={CAMPAIGN_STEPS} labels={STEP_LABELS} />

      <StepSection name="basics" current={step} labels={STEP_LABELS}>
        <BasicsStep
          form={form}
          categories={props.categories}
          organisations={props.organisations}
          organisationLocked={props.organisationLocked}
          fundingLocked={campaign?.fundingLocked === true}
        />
      </StepSection>
      <StepSection name="story" current={step} labels={STEP_LABELS}>
        <StoryStep form={form} />
      </StepSection>
      <StepSection name="media" current={step} labels={STEP_LABELS}>
        <MediaStep
          form={form}
          images={images.images}
          onImagesChange={images.changeImages}
          imageError={images.imageError}
        />
      </StepSection>
      <StepSection name="settings" current={step} labels={STEP_LABELS}>
        <SettingsStep
          form={form}
          events={eventChoices(props.events, campaign?.event ?? null)}
          gateways={campaign?.campaignSetting.showGateways ?? null}
        />
      </StepSection>
      <StepSection name="review" current={step} labels={STEP_LABELS}>
        {step === 'review' ? (
          <ReviewStep
            form={form}
            images={images.images}
            categories={props.categories}
            organisations={props.organisations}
            payeeOwnerName={props.payeeOwnerName}
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
      </StepSection>

      {confirmingLaunch && !published ? (
        <LaunchConfirm
          name={readCampaignValues(form).name}
          payee={payeeOf(readCampaignValues(form), props.organisations, props.payeeOwnerName)}
          busy={busy === 'launch' || busy === 'save'}
          onConfirm={() => void launch().finally(() => setConfirmingLaunch(false))}
          onCancel={() => setConfirmingLaunch(false)}
        />
      ) : (
        <CampaignStepActions
          previous={navigation.previous}
          next={navigation.next}
          busy={busy}
          published={published}
          closed={closed}
          onGoTo={navigation.goTo}
          onNext={() => void navigation.goNext()}
          onLaunch={() => setConfirmingLaunch(true)}
        />
      )}
    </form>
  );
}
