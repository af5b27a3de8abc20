import { dropEmptyTexts, errorsAtFormPaths, firstMessages, multipartOf } from '~/islands/form/formValues';
import { schemaErrors } from '~/islands/form/validation';
import type { OwnerCampaign } from '~/lib/api/campaigns';
import { launchProblems } from '~/lib/campaignLaunch';
import { southAfricanDate, southAfricanEndOfDay } from '~/lib/dates';
import { CampaignCategory, Currency, FundingType, Visibility } from '~/lib/enums';
import {
  CAMPAIGN_JSON_FIELDS,
  CAMPAIGN_LIMITS,
  createCampaignSchema,
  editCampaignSchema,
  type ImageDetail,
  normaliseVideoUrl,
  SOCIAL_PLATFORMS,
} from '~/lib/schemas/campaign';
import {
  type CampaignFormValues,
  type CampaignStep,
  campaignPathOf,
  type FundingChoice,
} from '~/stores/campaignCreation';
import { type LinkEntries, linkEntriesOf, linkFormPathOf } from './linkValues';

/**
 * The editor's form values and the campaign form of the contract
 * (docs/api/campaigns.md), both ways, with the shared schema's messages put
 * back under the inputs they belong to. Pure: no DOM, no requests.
 */

export type { CampaignFormValues };

export const DEFAULT_BAROMETER = '1';

export function emptyCampaignValues(): CampaignFormValues {
  return {
    name: '',
    campaignCategory: '',
    campaignSubCategory: '',
    donationTarget: '',
    offlineDonations: '',
    currency: String(Currency.Rand),
    startDate: '',
    endDate: '',
    fundingChoice: 'independent',
    organisation: '',
    address: { city: '', province: '' },
    url: '',
    story: '',
    language: 'en',
    videos: [],
    socials: Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, ''])),
    thankYouMessage: '',
    notificationFrequency: '1',
    visibility: String(Visibility.Public),
    event: '',
    settings: { isRecurringGivingCampaign: false, showBarometer: DEFAULT_BAROMETER, isTaxBenefit: false },
  };
}

/** The form's values with every key present (empty field arrays and unmounted groups give none). */
export function completeValues(partial: Partial<CampaignFormValues>): CampaignFormValues {
  const empty = emptyCampaignValues();
  return {
    ...empty,
    ...partial,
    address: { ...empty.address, ...partial.address },
    socials: { ...empty.socials, ...partial.socials },
    settings: { ...empty.settings, ...partial.settings },
    videos: partial.videos ?? [],
  };
}

/** '10 000', '10000.50' and '1 000,5' as the schema reads amounts ('10000', '10000.50', '1000.5'). */
export function normaliseAmount(text: string): string {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(/^R|^US\$|^\$/i, '');
  return /^\d+,\d{1,2}$/.test(compact) ? compact.replace(',', '.') : compact.replace(/,/g, '');
}

const text = (value: string | null | undefined): string => value ?? '';

function fundingChoiceOf(campaign: OwnerCampaign): FundingChoice {
  if (campaign.organization) return 'organisation';
  return campaign.fundingType === FundingType.Bluetick ? 'bluetick' : 'independent';
}

/** The form values of a saved campaign (GET /campaigns/{id}). */
export function valuesFromCampaign(campaign: OwnerCampaign): CampaignFormValues {
  const empty = emptyCampaignValues();
  const socials = { ...empty.socials };
  for (const { platform, url } of campaign.socials) {
    if (!socials[platform]) socials[platform] = url;
  }
  const category = campaign.campaignCategory?.id;
  const setting = campaign.campaignSetting;
  return {
    name: campaign.name,
    campaignCategory:
      category === undefined || category === CampaignCategory.Uncategorised ? '' : String(category),
    campaignSubCategory: campaign.campaignSubCategory ? String(campaign.campaignSubCategory.id) : '',
    donationTarget: campaign.donationTarget > 0 ? String(campaign.donationTarget) : '',
    offlineDonations: campaign.offlineDonations ? String(campaign.offlineDonations) : '',
    currency: String(setting?.currency.id ?? Currency.Rand),
    startDate: southAfricanDate(campaign.startDate),
    endDate: southAfricanDate(campaign.endDate),
    fundingChoice: fundingChoiceOf(campaign),
    organisation: campaign.organization?.id ?? '',
    address: { city: text(campaign.address?.city), province: text(campaign.address?.province) },
    url: campaignPathOf(campaign.url),
    story: text(campaign.story),
    language: campaign.language || 'en',
    videos: (campaign.videos ?? []).map((link) => normaliseVideoUrl(link) ?? link),
    socials,
    thankYouMessage: text(campaign.thankYouMessage),
    notificationFrequency:
      campaign.notificationFrequency === null || campaign.notificationFrequency === undefined
        ? ''
        : String(campaign.notificationFrequency),
    visibility: String(campaign.visibility ?? Visibility.Public),
    event: campaign.event ? String(campaign.event.id) : '',
    settings: {
      isRecurringGivingCampaign: setting?.isRecurringGivingCampaign === true,
      showBarometer:
        setting?.showBarometer === null || setting?.showBarometer === undefined
          ? DEFAULT_BAROMETER
          : String(setting.showBarometer),
      isTaxBenefit: setting?.isTaxBenefit === true,
    },
  };
}

export type SaveMode = 'create' | 'edit';

/** The campaign form to send, and how its list entries map back to the inputs. */
export interface CampaignInput extends LinkEntries {
  fields: Record<string, unknown>;
}

/**
 * The contract's campaign form for these values. A new campaign leaves out
 * what is empty (the server's defaults apply); an edit sends every field,
 * '' clearing it, except the web address, sent only when it changed.
 */
export function campaignInputOf(
  values: CampaignFormValues,
  options: { mode: SaveMode; savedPath?: string | null },
): CampaignInput {
  const { socialPlatforms, videoIndexes, socials, videos } = linkEntriesOf(values, SOCIAL_PLATFORMS);
  const organisation = values.fundingChoice === 'organisation' ? values.organisation : '';
  const all: Record<string, unknown> = {
    name: values.name,
    story: values.story,
    language: values.language || 'en',
    startDate: values.startDate,
    endDate: values.endDate,
    donationTarget: normaliseAmount(values.donationTarget),
    offlineDonations: normaliseAmount(values.offlineDonations),
    thankYouMessage: values.thankYouMessage,
    fundingType: values.fundingChoice === 'bluetick' ? FundingType.Bluetick : FundingType.Standard,
    campaignCategory: values.campaignCategory,
    campaignSubCategory: values.campaignSubCategory,
    currency: values.currency,
    event: values.event,
    notificationFrequency: values.notificationFrequency,
    // "For an organisation" is sent as such: the schema and the server refuse it without one,
    // so a missing choice never saves the campaign as Independent.
    forOrganisation: values.fundingChoice === 'organisation',
    organisation,
    visibility: values.visibility,
    socials,
    videos,
    address: { city: values.address.city, province: values.address.province },
    settings: {
      isRecurringGivingCampaign: values.settings.isRecurringGivingCampaign,
      showBarometer: values.settings.showBarometer,
      isTaxBenefit: values.settings.isTaxBenefit,
    },
  };
  const url = values.url.trim().toLowerCase();
  if (options.mode === 'create' ? url !== '' : url !== '' && url !== (options.savedPath ?? '')) all.url = url;
  // Never '' for these: there is no "none" (the category is chosen, or left as it is).
  for (const key of ['campaignCategory', 'currency', 'visibility']) if (all[key] === '') delete all[key];
  if (options.mode === 'create') dropEmptyTexts(all);
  return { fields: all, socialPlatforms, videoIndexes };
}

/** Which step holds an input (a form path such as 'settings.isTaxBenefit' or 'videos.2'). */
export function stepOfField(path: string): CampaignStep {
  const head = path.split('.')[0] ?? '';
  if (head === 'story') return 'story';
  if (['videos', 'socials', 'images', 'imageDetails'].includes(head)) return 'media';
  if (
    ['thankYouMessage', 'notificationFrequency', 'visibility', 'event', 'settings', 'hidden'].includes(head)
  )
    return 'settings';
  return 'basics';
}

/**
 * The form path an error of the contract's form belongs to: `fundingType`
 * is the funding choice, `socials.1.url` the input of that entry's platform,
 * `videos.0` the form's own index. Unknown paths stay as they are.
 */
export function formPathOf(path: string, input: LinkEntries): string {
  const link = linkFormPathOf(path, input, SOCIAL_PLATFORMS);
  if (link) return link;
  const [head, index, ...rest] = path.split('.');
  if (head === 'fundingType') return 'fundingChoice';
  if (head === 'imageDetails') return 'images';
  if (head === 'address' && index) return `address.${index}`;
  return [head, index, ...rest].filter((part) => part !== undefined).join('.');
}

/** Field errors (form path → message) of these values against the shared schema. */
export function validateCampaignValues(
  values: CampaignFormValues,
  options: { mode: SaveMode; savedPath?: string | null },
): Record<string, string> {
  const input = campaignInputOf(values, options);
  const schema = options.mode === 'create' ? createCampaignSchema : editCampaignSchema;
  return errorsAtFormPaths(schemaErrors(schema, input.fields), (path) => formPathOf(path, input));
}

/** The server's field errors (a 400's `data`), moved to the form's paths. */
export function serverErrorsToForm(
  data: Record<string, string[]> | null,
  input: LinkEntries,
): Record<string, string> {
  return errorsAtFormPaths(firstMessages(data), (path) => formPathOf(path, input));
}

// ── Launch ────────────────────────────────────────────────────────────────────────────────────────

export interface LaunchCheck {
  key: string;
  label: string;
  done: boolean;
  step: CampaignStep;
}

const LAUNCH_CHECKLIST: readonly Omit<LaunchCheck, 'done'>[] = [
  { key: 'name', label: 'A name', step: 'basics' },
  { key: 'campaignCategory', label: 'A category', step: 'basics' },
  { key: 'donationTarget', label: 'A donation target', step: 'basics' },
  { key: 'story', label: `A story of at least ${CAMPAIGN_LIMITS.storyMinText} characters`, step: 'story' },
  { key: 'images', label: 'At least one image', step: 'media' },
  { key: 'endDate', label: 'An end date in the future, or none', step: 'basics' },
];

/**
 * What launching needs, checked by the server's own rule (~/lib/campaignLaunch)
 * against what the owner has entered, in the order the checklist shows it.
 */
export function launchChecks(
  values: CampaignFormValues,
  imageCount: number,
  storyLength: number,
  now: Date = new Date(),
): LaunchCheck[] {
  const problems = launchProblems(
    {
      name: values.name,
      storyLength,
      donationTarget: Number(normaliseAmount(values.donationTarget)),
      campaignCategoryId:
        values.campaignCategory === '' ? CampaignCategory.Uncategorised : Number(values.campaignCategory),
      endDate: values.endDate ? southAfricanEndOfDay(values.endDate) : null,
      imageCount,
    },
    now,
  );
  return LAUNCH_CHECKLIST.map((check) => ({ ...check, done: !(check.key in problems) }));
}

// ── Images ────────────────────────────────────────────────────────────────────────────────────────

export interface SavedImage {
  url: string;
  fileName: string | null;
}

/** An image in the editor: already on the server, or a file chosen on this page. */
export type EditorImage =
  | ({ key: string; kind: 'saved' } & SavedImage)
  | { key: string; kind: 'new'; file: File; previewUrl: string };

export function savedImagesOf(images: OwnerCampaign['images'] | undefined): SavedImage[] {
  return (images ?? []).map(({ url, fileName }) => ({ url, fileName }));
}

export const savedEditorImages = (images: readonly SavedImage[]): EditorImage[] =>
  images.map((image) => ({ key: `saved:${image.url}`, kind: 'saved', ...image }));

/** `imageDetails` for an update: the kept images in display order, then the removed ones marked deleted. */
/**
 * A name for each new file of one request, unique within it (phones often
 * call every photo image.jpg), so `imageDetails` can place each upload.
 */
export function uploadNames(images: readonly EditorImage[]): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const image of images) {
    if (image.kind !== 'new') continue;
    const original = image.file.name || 'image';
    const dot = original.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [original.slice(0, dot), original.slice(dot)] : [original, ''];
    let name = original;
    for (let n = 2; used.has(name); n += 1) name = `${stem}-${n}${extension}`;
    used.add(name);
    names.set(image.key, name);
  }
  return names;
}

/**
 * `imageDetails` for an update (docs/api/campaigns.md): every image in display
 * order (a saved one by its url, a new one by the name it is uploaded under),
 * then the removed saved ones marked deleted.
 */
export function imageDetailsOf(
  current: readonly EditorImage[],
  original: readonly SavedImage[],
  names: ReadonlyMap<string, string> = uploadNames(current),
): ImageDetail[] {
  const shown = current.map((image) =>
    image.kind === 'saved'
      ? { url: image.url, fileName: image.fileName, deleted: false }
      : { url: null, fileName: names.get(image.key) ?? image.file.name, deleted: false },
  );
  const keptUrls = new Set(current.flatMap((image) => (image.kind === 'saved' ? [image.url] : [])));
  const removed = original
    .filter((image) => !keptUrls.has(image.url))
    .map((image) => ({ url: image.url, fileName: image.fileName, deleted: true }));
  return [...shown, ...removed];
}

/**
 * The server's images after a save, in the owner's order, when the server
 * answered another order (saved images found by url, new ones by upload
 * name); null when the order is already right or the answer cannot be matched.
 */
export function reorderAfterUpload(
  current: readonly EditorImage[],
  after: readonly SavedImage[],
  names: ReadonlyMap<string, string> = uploadNames(current),
): SavedImage[] | null {
  if (after.length !== current.length) return null;
  const taken = new Set<SavedImage>();
  const wanted = current.map((image) => {
    const found = after.find((candidate) => {
      if (taken.has(candidate)) return false;
      return image.kind === 'saved'
        ? candidate.url === image.url
        : candidate.fileName === names.get(image.key);
    });
    if (found) taken.add(found);
    return found;
  });
  if (wanted.some((image) => image === undefined)) return null;
  const ordered = wanted as SavedImage[];
  return ordered.every((image, i) => image === after[i]) ? null : ordered;
}

/** Moves the item at `from` to `to` (both clamped), returning a new list. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  const target = Math.max(0, Math.min(to, next.length));
  next.splice(target, 0, item as T);
  return next;
}

// ── The multipart body ────────────────────────────────────────────────────────────────────────────

/** `POST /campaigns/` and `PATCH /campaigns/{id}`: text fields, JSON fields as text, files as `images`. */
export function campaignFormData(
  fields: Record<string, unknown>,
  options: { files?: readonly { file: File; name: string }[]; imageDetails?: readonly unknown[] } = {},
): FormData {
  const form = multipartOf(fields, CAMPAIGN_JSON_FIELDS);
  if (options.imageDetails) form.append('imageDetails', JSON.stringify(options.imageDetails));
  for (const { file, name } of options.files ?? []) form.append('images', file, name);
  return form;
}
