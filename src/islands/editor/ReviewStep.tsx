import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement, ReactNode } from 'react';
import { ResendVerificationButton } from '~/islands/auth/ResendVerification';
import { CampaignHighlightCard } from '~/islands/campaign/CampaignHighlightCard';
import { FormNotice } from '~/islands/form/FormNotice';
import type { CampaignCard, CategoryLookup, OwnerCampaign } from '~/lib/api/campaigns';
import { campaignHref } from '~/lib/campaignDisplay';
import { formatShortDate, southAfricanEndOfDay, southAfricanStartOfDay } from '~/lib/dates';
import { CampaignStatus, Currency, FundingType } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import { SOCIAL_PLATFORMS } from '~/lib/schemas/campaign';
import type { CampaignFormValues, CampaignStep } from '~/stores/campaignCreation';
import type { OrganisationSummary } from '~/stores/myOrganisation';
import { type CampaignFormStore, readCampaignValues } from './campaignFormStore';
import type { EditorImage } from './campaignValues';
import { launchChecks, normaliseAmount } from './campaignValues';
import { nameOf, srcOf } from './ImagePicker';
import { payeeOf } from './LaunchConfirm';
import { textLengthOf } from './richText';
import { BAROMETER_OPTIONS, NOTIFICATION_OPTIONS } from './SettingsStep';

export const STEP_LABELS: Readonly<Record<CampaignStep, string>> = {
  basics: 'Basics',
  story: 'Story',
  media: 'Media',
  settings: 'Settings',
  review: 'Review',
};

const CURRENCIES = {
  [Currency.Rand]: { id: Currency.Rand, ticker: 'ZAR', symbol: 'R', locale: 'en-ZA' },
  [Currency.Dollar]: { id: Currency.Dollar, ticker: 'USD', symbol: '$', locale: 'en-US' },
} as const;

export interface LaunchProblem {
  /** Form path → message (what the server said is missing). */
  errors: Record<string, string>;
  message: string | null;
  emailUnconfirmed: boolean;
}

interface Props {
  form: CampaignFormStore;
  images: readonly EditorImage[];
  categories: readonly CategoryLookup[];
  organisations: readonly OrganisationSummary[];
  /** The owner's name when someone else of the team reads it (the payout goes to the owner). */
  payeeOwnerName: string | null;
  campaign: OwnerCampaign | null;
  ownerName: string;
  ownerEmail: string;
  path: string | null;
  launchProblem: LaunchProblem | null;
  published: boolean;
  onGoTo: (step: CampaignStep, field?: string) => void;
  stepOf: (field: string) => CampaignStep;
}

/** The organisation "For an organisation" names, or null (another funding type, or none chosen yet). */
function chosenOrganisation(
  values: Pick<CampaignFormValues, 'fundingChoice' | 'organisation'>,
  organisations: readonly OrganisationSummary[],
): OrganisationSummary | null {
  if (values.fundingChoice !== 'organisation') return null;
  return organisations.find((o) => o.id === values.organisation) ?? null;
}

/** A highlight card (SPEC §2) of the campaign as it would look now, for the preview. */
export function previewCard(
  values: CampaignFormValues,
  props: Pick<Props, 'images' | 'categories' | 'organisations' | 'campaign' | 'ownerName' | 'path'>,
): CampaignCard {
  const { images, campaign } = props;
  const currency =
    values.currency === String(Currency.Dollar) ? CURRENCIES[Currency.Dollar] : CURRENCIES[Currency.Rand];
  const category = props.categories.find((c) => String(c.id) === values.campaignCategory);
  const onPlatform = campaign?.donationsReceivedTotal ?? 0;
  const offline = campaign?.offlineDonations ?? 0;
  const cover = images[0];
  const organisation = chosenOrganisation(values, props.organisations);
  return {
    id: campaign?.id ?? 'preview',
    name: values.name.trim() || 'Your campaign name',
    url: props.path ?? 'preview',
    createdAt: campaign?.createdAt ?? new Date().toISOString(),
    image: cover ? { url: srcOf(cover), srcSet: null, alt: nameOf(cover, 0) } : null,
    donationTarget: Number(normaliseAmount(values.donationTarget)) || 0,
    raisedOnPlatform: onPlatform,
    raisedOffline: offline,
    totalRaised: onPlatform + offline,
    currency,
    status: campaign?.status ?? CampaignStatus.Active,
    published: campaign?.published ?? false,
    startDate: values.startDate ? southAfricanStartOfDay(values.startDate).toISOString() : null,
    endDate: values.endDate ? southAfricanEndOfDay(values.endDate).toISOString() : null,
    isVerified: campaign?.isVerified ?? false,
    fundingType: values.fundingChoice === 'bluetick' ? FundingType.Bluetick : FundingType.Standard,
    organisation: organisation ? { id: organisation.id, legalName: organisation.legalName, url: '' } : null,
    ownerOrgRole: null,
    ownerName: props.ownerName,
    category: { id: category?.id ?? 0, name: category?.name ?? 'Uncategorised' },
  };
}

function Row({
  label,
  children,
  onEdit,
}: {
  label: string;
  children: ReactNode;
  onEdit: () => void;
}): ReactElement {
  return (
    <div className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 py-3 sm:grid-cols-[9rem_1fr_auto]">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
      <dd className="col-start-2 row-span-2 row-start-1 self-center sm:col-start-3 sm:row-span-1">
        <button type="button" className="text-sm font-semibold text-brand underline" onClick={onEdit}>
          Edit<span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </dd>
    </div>
  );
}

const none = <span className="text-ink-muted">Not added</span>;

/** '1 image' or '2 images'. */
const countOf = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** How the campaign is funded, as the summary says it. */
function fundingText(values: CampaignFormValues, organisations: readonly OrganisationSummary[]): string {
  if (values.fundingChoice === 'organisation') {
    const organisation = chosenOrganisation(values, organisations);
    return organisation ? `For ${organisation.legalName}` : 'For an organisation: choose which one';
  }
  return values.fundingChoice === 'bluetick' ? 'Bluetick' : 'Independent';
}

/** 'Starts 3 Mar 2026, ends 1 Apr 2026', or 'Starts on launch, no end date'. */
function datesText(values: CampaignFormValues): string {
  return [
    values.startDate
      ? `Starts ${formatShortDate(southAfricanStartOfDay(values.startDate))}`
      : 'Starts on launch',
    values.endDate ? `ends ${formatShortDate(southAfricanEndOfDay(values.endDate))}` : 'no end date',
  ].join(', ');
}

/** The category and its sub-category, or null when none is chosen. */
function categoryText(values: CampaignFormValues, categories: readonly CategoryLookup[]): string | null {
  const category = categories.find((c) => String(c.id) === values.campaignCategory);
  if (!category) return null;
  const subCategory = category.subCategories.find((s) => String(s.id) === values.campaignSubCategory);
  return `${category.name}${subCategory ? ` · ${subCategory.name}` : ''}`;
}

/** '2 images, 1 video, 0 social links'. */
function mediaText(values: CampaignFormValues, imageCount: number): string {
  const socials = SOCIAL_PLATFORMS.filter((p) => (values.socials[p] ?? '').trim() !== '');
  const videos = values.videos.filter((v) => v.trim() !== '');
  return `${countOf(imageCount, 'image', 'images')}, ${countOf(videos.length, 'video', 'videos')}, ${socials.length} social ${socials.length === 1 ? 'link' : 'links'}`;
}

/** 'Public; emails: weekly; …': the settings in one line. */
function settingsText(values: CampaignFormValues): string {
  const emails = NOTIFICATION_OPTIONS.find((o) => o.value === values.notificationFrequency)?.label ?? 'never';
  return [
    values.visibility === '0' ? 'Private' : 'Public',
    `emails: ${emails.toLowerCase()}`,
    BAROMETER_OPTIONS.find((o) => o.value === values.settings.showBarometer)?.label.toLowerCase(),
    values.settings.isRecurringGivingCampaign ? 'monthly donations on' : null,
    values.settings.isTaxBenefit ? 'tax certificates' : null,
  ]
    .filter(Boolean)
    .join('; ');
}

/** Step 5: a summary, what launching still needs, and the highlight card preview. */
export function ReviewStep(props: Props): ReactElement {
  useSignals();
  const { images, launchProblem, onGoTo, published } = props;
  const values = readCampaignValues(props.form, { peek: false });
  const storyLength = textLengthOf(values.story);
  const card = previewCard(values, props);

  return (
    <div className="space-y-8">
      {launchProblem ? (
        <LaunchProblemNotice
          problem={launchProblem}
          ownerEmail={props.ownerEmail}
          onGoTo={onGoTo}
          stepOf={props.stepOf}
        />
      ) : null}

      {published ? null : (
        <LaunchChecklist checks={launchChecks(values, images.length, storyLength)} onGoTo={onGoTo} />
      )}

      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <ReviewSummary values={values} storyLength={storyLength} {...props} />

        <section aria-labelledby="review-preview-title">
          <h3 id="review-preview-title" className="font-semibold text-ink">
            How your card will look
          </h3>
          <div className="mt-2" inert>
            <CampaignHighlightCard campaign={card} headingLevel={3} />
          </div>
          {published && props.path ? (
            <p className="mt-3 text-sm">
              <a href={campaignHref(props.path)} className="font-semibold text-brand underline">
                View your campaign page
              </a>
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** Why the launch was refused: each missing field with a way to its step, and a new confirmation email if that is what is missing. */
function LaunchProblemNotice({
  problem,
  ownerEmail,
  onGoTo,
  stepOf,
}: {
  problem: LaunchProblem;
  ownerEmail: string;
  onGoTo: Props['onGoTo'];
  stepOf: Props['stepOf'];
}): ReactElement | null {
  const problems = Object.entries(problem.errors);
  if (problems.length === 0 && !problem.message) return null;
  return (
    <FormNotice tone="error">
      <p className="font-semibold">{problem.message ?? 'Your campaign could not be launched.'}</p>
      {problems.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {problems.map(([field, message]) => (
            <li key={field}>
              {message}{' '}
              <button
                type="button"
                className="font-semibold underline"
                onClick={() => onGoTo(stepOf(field), field)}
              >
                Go to {STEP_LABELS[stepOf(field)]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problem.emailUnconfirmed ? (
        <div className="mt-3 max-w-xs">
          <ResendVerificationButton email={ownerEmail} className="btn-outline w-full bg-white" />
        </div>
      ) : null}
    </FormNotice>
  );
}

/** "Ready to launch?": each check done or still needed, with a way to the step that adds it. */
function LaunchChecklist({
  checks,
  onGoTo,
}: {
  checks: ReturnType<typeof launchChecks>;
  onGoTo: Props['onGoTo'];
}): ReactElement {
  return (
    <section aria-labelledby="review-checks-title">
      <h3 id="review-checks-title" className="font-semibold text-ink">
        Ready to launch?
      </h3>
      <ul className="mt-2 space-y-1">
        {checks.map((check) => (
          <li key={check.key} className="flex flex-wrap items-center gap-2 text-sm">
            <span
              aria-hidden="true"
              className={`flex h-5 w-5 items-center justify-center rounded-full text-xs font-bold ${
                check.done ? 'bg-brand text-white' : 'bg-gray-200 text-ink-muted'
              }`}
            >
              {check.done ? '✓' : '·'}
            </span>
            <span>
              {check.label}
              <span className="sr-only">{check.done ? ': done' : ': still needed'}</span>
            </span>
            {check.done ? null : (
              <button
                type="button"
                className="text-sm font-semibold text-brand underline"
                onClick={() => onGoTo(check.step, check.key === 'images' ? undefined : check.key)}
              >
                Add in {STEP_LABELS[check.step]}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The summary: one row per part of the campaign, each with a way back to edit it. */
function ReviewSummary({
  values,
  storyLength,
  images,
  categories,
  organisations,
  payeeOwnerName,
  path,
  onGoTo,
}: Props & { values: CampaignFormValues; storyLength: number }): ReactElement {
  const target = Number(normaliseAmount(values.donationTarget));
  return (
    <section aria-labelledby="review-summary-title">
      <h3 id="review-summary-title" className="font-semibold text-ink">
        Summary
      </h3>
      <dl className="divide-y divide-gray-100">
        <Row label="Name" onEdit={() => onGoTo('basics', 'name')}>
          {values.name.trim() || none}
        </Row>
        <Row label="Category" onEdit={() => onGoTo('basics', 'campaignCategory')}>
          {categoryText(values, categories) ?? none}
        </Row>
        <Row label="Target" onEdit={() => onGoTo('basics', 'donationTarget')}>
          {target > 0 ? formatMoney(target, Number(values.currency) || Currency.Rand) : none}
        </Row>
        <Row label="Dates" onEdit={() => onGoTo('basics', 'startDate')}>
          {datesText(values)}
        </Row>
        <Row label="Funding type" onEdit={() => onGoTo('basics', 'fundingChoice')}>
          {fundingText(values, organisations)}
        </Row>
        <Row label="Who is paid" onEdit={() => onGoTo('basics', 'fundingChoice')}>
          <span data-testid="review-payee">{payeeOf(values, organisations, payeeOwnerName)}</span>
        </Row>
        <Row label="Web address" onEdit={() => onGoTo('basics', 'url')}>
          {path || values.url ? (
            <code className="text-sm">/campaign/{values.url || path}</code>
          ) : (
            <span className="text-ink-muted">Made from the name when you save</span>
          )}
        </Row>
        <Row label="Story" onEdit={() => onGoTo('story', 'story')}>
          {storyLength > 0 ? `${storyLength} characters` : none}
        </Row>
        <Row label="Media" onEdit={() => onGoTo('media')}>
          {mediaText(values, images.length)}
        </Row>
        <Row label="Settings" onEdit={() => onGoTo('settings', 'thankYouMessage')}>
          {settingsText(values)}
        </Row>
      </dl>
    </section>
  );
}
