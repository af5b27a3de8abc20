import {
  type FormErrors,
  getErrors,
  getValues,
  setError,
  setValue,
  useForm,
  validate,
} from '@modular-forms/react';
import { useSignalEffect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import type { CategoryLookup, EventLookup, OwnerCampaign } from '~/lib/api/campaigns';
import { CampaignStatus } from '~/lib/enums';
import {
  $campaignCreation,
  CAMPAIGN_STEPS,
  type CampaignFormValues,
  type CampaignStep,
  campaignPathOf,
  hasUnsavedValues,
  rememberCreation,
} from '~/stores/campaignCreation';
import type { OrganisationSummary } from '~/stores/myOrganisation';
import { BasicsStep } from './BasicsStep';
import { launchSavedCampaign, type SaveResult, saveCampaignDraft } from './campaignActions';
import {
  completeValues,
  type EditorImage,
  type SavedImage,
  savedEditorImages,
  savedImagesOf,
  stepOfField,
  validateCampaignValues,
} from './campaignValues';
import { MediaStep } from './MediaStep';
import { type LaunchProblem, ReviewStep, STEP_LABELS } from './ReviewStep';
import { SettingsStep } from './SettingsStep';
import { StoryStep } from './StoryStep';

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

/** Every input's path in these values ('name', 'address.city', 'videos.0', 'settings.isTaxBenefit'…). */
function fieldPaths(values: CampaignFormValues): string[] {
  return Object.entries(values).flatMap(([key, value]) => {
    if (Array.isArray(value)) return value.map((_, i) => `${key}.${i}`);
    if (value && typeof value === 'object') return Object.keys(value).map((inner) => `${key}.${inner}`);
    return [key];
  });
}

function imagesChanged(images: readonly EditorImage[], saved: readonly SavedImage[]): boolean {
  return (
    images.length !== saved.length ||
    images.some((image, i) => image.kind === 'new' || image.url !== saved[i]?.url)
  );
}

export function CampaignForm(props: Props): ReactElement {
  useSignals();
  const { campaignId, campaign } = props;
  const savedPath = campaign ? campaignPathOf(campaign.url) : null;
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

  const [step, setStep] = useState<CampaignStep>(props.initialStep);
  const [savedImages, setSavedImages] = useState<SavedImage[]>(() => savedImagesOf(campaign?.images));
  const [images, setImages] = useState<EditorImage[]>(() =>
    savedEditorImages(savedImagesOf(campaign?.images)),
  );
  const [imageError, setImageError] = useState('');
  const [busy, setBusy] = useState<'save' | 'launch' | null>(null);
  const [launchProblem, setLaunchProblem] = useState<LaunchProblem | null>(null);
  const [focusTarget, setFocusTarget] = useState<{ step: CampaignStep; field?: string | undefined } | null>(
    null,
  );
  const formElement = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const movedByUser = useRef(false);

  // Read without subscribing: the steps re-render themselves; only the review shows all values.
  const currentValues = (): CampaignFormValues =>
    completeValues(getValues(form, { peek: true }) as Partial<CampaignFormValues>);
  const published = campaign?.published === true;
  const closed = campaign?.status === CampaignStatus.Closed;
  const path = campaign ? campaignPathOf(campaign.url) : null;

  // Keep the owner's work across reloads (src/stores/campaignCreation.ts), a moment after each change.
  const initialJson = useRef(JSON.stringify(props.initialValues));
  const stepRef = useRef(step);
  stepRef.current = step;
  const idRef = useRef(campaignId);
  idRef.current = campaignId;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useSignalEffect(() => {
    const current = completeValues(getValues(form) as Partial<CampaignFormValues>);
    const json = JSON.stringify(current);
    if (json === initialJson.current) return;
    initialJson.current = json;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => rememberCreation(idRef.current, stepRef.current, current), 300);
  });
  useEffect(() => {
    rememberCreation(
      campaignId,
      step,
      completeValues(getValues(form, { peek: true }) as Partial<CampaignFormValues>),
    );
  }, [step, campaignId, form]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // New images' previews are object URLs: free them when the editor goes.
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(
    () => () => {
      for (const image of imagesRef.current) if (image.kind === 'new') URL.revokeObjectURL(image.previewUrl);
    },
    [],
  );

  // After moving to a step (or to a problem), put the keyboard there.
  useEffect(() => {
    if (!focusTarget || focusTarget.step !== step) return;
    const section = formElement.current?.querySelector<HTMLElement>(`[data-step="${step}"]`);
    const target = focusTarget.field
      ? section?.querySelector<HTMLElement>(`#field-${focusTarget.field.replace(/\W+/g, '-')}`)
      : section?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (target ?? heading.current)?.focus();
    setFocusTarget(null);
  }, [focusTarget, step]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of step, which it does not read.
  useEffect(() => {
    if (movedByUser.current) heading.current?.focus();
    movedByUser.current = false;
  }, [step]);

  const goTo = (next: CampaignStep, field?: string): void => {
    if (field) setFocusTarget({ step: next, field });
    else movedByUser.current = true;
    setStep(next);
  };

  /** The first step with a problem (form errors or the images), opened with its first invalid input focused. */
  const showFirstProblem = (extra: Record<string, string> = {}): void => {
    const errors = { ...(getErrors(form) as Record<string, string>), ...extra };
    const paths = Object.keys(errors).filter((p) => errors[p]);
    if (imageError || extra.images) paths.push('images');
    const first = CAMPAIGN_STEPS.find((s) => paths.some((p) => stepOfField(p) === s));
    if (!first) return;
    setStep(first);
    setFocusTarget({ step: first });
  };

  const applyErrors = (errors: Record<string, string>): void => {
    const known = new Set(fieldPaths(currentValues()));
    for (const [path, message] of Object.entries(errors)) {
      if (path === 'images') setImageError(message);
      else if (known.has(path)) {
        // biome-ignore lint/suspicious/noExplicitAny: the path was checked against the form's own paths.
        setError(form, path as any, message, { shouldFocus: false });
      }
    }
  };

  const save = async (): Promise<SaveResult | null> => {
    setImageError('');
    if (!(await validate(form, { shouldFocus: false }))) {
      showFirstProblem();
      return null;
    }
    const current = completeValues(getValues(form) as Partial<CampaignFormValues>);
    // A change still waiting to be remembered must not land after the save with the old id.
    if (timer.current) clearTimeout(timer.current);
    setBusy('save');
    const result = await saveCampaignDraft({
      campaignId,
      values: current,
      step,
      images,
      savedImages,
      savedPath,
    });
    setBusy(null);
    if (!result.ok) {
      applyErrors(result.formErrors);
      showFirstProblem(result.formErrors);
      return result;
    }
    idRef.current = result.id;
    if (current.url !== result.path) setValue(form, 'url', result.path);
    if (result.campaign) {
      const fresh = savedImagesOf(result.campaign.images);
      for (const image of images) if (image.kind === 'new') URL.revokeObjectURL(image.previewUrl);
      setSavedImages(fresh);
      setImages(savedEditorImages(fresh));
    }
    props.onSaved(result);
    return result;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void save();
  };

  const launch = async (): Promise<void> => {
    setLaunchProblem(null);
    const current = completeValues(getValues(form) as Partial<CampaignFormValues>);
    const unsaved =
      !campaignId ||
      hasUnsavedValues($campaignCreation.get().creation, current) ||
      imagesChanged(images, savedImages);
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
      props.onLaunched();
      return;
    }
    applyErrors(result.formErrors);
    setLaunchProblem({
      errors: result.formErrors,
      message: result.message,
      emailUnconfirmed: result.emailUnconfirmed,
    });
    setStep('review');
    heading.current?.focus();
  };

  const index = CAMPAIGN_STEPS.indexOf(step);
  const previous = CAMPAIGN_STEPS[index - 1];
  const next = CAMPAIGN_STEPS[index + 1];

  const goNext = async (): Promise<void> => {
    if (!next) return;
    const names = fieldPaths(currentValues()).filter((p) => stepOfField(p) === step);
    // biome-ignore lint/suspicious/noExplicitAny: names come from the form's own values.
    if (!(await validate(form, names as any, { shouldFocus: false }))) {
      setFocusTarget({ step });
      return;
    }
    goTo(next);
  };

  const saveLabel = published ? 'Save changes' : 'Save draft';

  return (
    <form
      ref={formElement}
      noValidate
      onSubmit={onSubmit}
      aria-label="Campaign details"
      className="space-y-6"
    >
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
                onClick={() => goTo(s)}
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

      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">
        <span className="sr-only">
          Step {index + 1} of {CAMPAIGN_STEPS.length}:{' '}
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
          images={images}
          onImagesChange={(next) => {
            setImages(next);
            setImageError('');
          }}
          imageError={imageError}
        />
      </section>
      <section data-step="settings" hidden={step !== 'settings'} aria-label={STEP_LABELS.settings}>
        <SettingsStep form={form} events={props.events} />
      </section>
      <section data-step="review" hidden={step !== 'review'} aria-label={STEP_LABELS.review}>
        {step === 'review' ? (
          <ReviewStep
            form={form}
            images={images}
            categories={props.categories}
            organisation={props.organisation}
            campaign={campaign}
            ownerName={props.ownerName}
            ownerEmail={props.ownerEmail}
            path={path}
            launchProblem={launchProblem}
            published={published}
            onGoTo={goTo}
            stepOf={stepOfField}
          />
        ) : null}
      </section>

      <div className="grid grid-cols-2 gap-2 border-t border-gray-200 pt-4 sm:flex sm:items-center">
        {previous ? (
          <button type="button" className="btn-outline" onClick={() => goTo(previous)}>
            Back<span className="hidden sm:inline"> to {STEP_LABELS[previous]}</span>
          </button>
        ) : null}
        <div className="hidden sm:block sm:flex-1" />
        <button
          type="submit"
          className={`${next ? 'btn-outline' : 'btn-primary'} disabled:cursor-not-allowed disabled:opacity-60`}
          disabled={busy !== null || closed}
          aria-busy={busy === 'save' || undefined}
        >
          {busy === 'save' ? 'Saving…' : saveLabel}
        </button>
        {next ? (
          <button
            type="button"
            className={`btn-primary ${previous ? 'col-span-2' : ''}`}
            onClick={() => void goNext()}
          >
            Next: {STEP_LABELS[next]}
          </button>
        ) : !published && !closed ? (
          <button
            type="button"
            className="btn-accent col-span-2 disabled:cursor-not-allowed disabled:opacity-60"
            disabled={busy !== null}
            aria-busy={busy === 'launch' || undefined}
            onClick={() => void launch()}
          >
            {busy === 'launch' ? 'Launching…' : 'Launch campaign'}
          </button>
        ) : null}
      </div>
    </form>
  );
}
