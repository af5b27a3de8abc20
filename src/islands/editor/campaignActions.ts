import { isHTTPError } from 'ky';
import {
  closeCampaign,
  createCampaign,
  getOwnerCampaign,
  launchCampaign,
  type OwnerCampaign,
  patchTeamMember,
  postCampaignUpdate,
  type SavedCampaign,
  submitVerification,
  type TeamMember,
  type TeamMemberChange,
  updateCampaign,
} from '~/lib/api/campaigns';
import { GENERIC_ERROR_MESSAGE, NOT_FOUND_PATH, STORE_ERROR_TOAST_MS } from '~/lib/api/errors';
import { isSessionExpired } from '~/lib/api/refresh';
import { failureBodyOf, notifyStoreError } from '~/lib/api/storeErrors';
import { CAMPAIGN_MESSAGES } from '~/lib/schemas/campaign';
import {
  type CampaignFormValues,
  type CampaignStep,
  campaignPathOf,
  markCreationSaved,
  recordSavedCampaign,
} from '~/stores/campaignCreation';
import { notify } from '~/stores/toast';
import {
  type CampaignInput,
  campaignFormData,
  campaignInputOf,
  type EditorImage,
  imageDetailsOf,
  reorderAfterUpload,
  type SavedImage,
  savedImagesOf,
  serverErrorsToForm,
  uploadNames,
} from './campaignValues';

/**
 * What the campaign editor asks of the server (docs/api/campaigns.md), with
 * SPEC §8's success messages and store-error toasts. Each action answers
 * whether it worked and, when not, the field errors to show under the inputs.
 */

export const SUCCESS = {
  saved: 'Campaign saved successfully.',
  updated: 'Campaign updated successfully.',
  launched: 'Campaign launched successfully!',
  verification: 'Campaign verification submitted successfully',
  updatePosted: 'Updated posted successfully.',
  closed: 'Campaign closed successfully',
  teamMember: 'Team member updated successfully',
} as const;

const SUCCESS_TOAST_MS = 2000;
const VERIFICATION_TOAST_MS = 2500;

export function success(message: string, duration = SUCCESS_TOAST_MS): void {
  notify({ id: `${message}:${Date.now()}`, type: 'success', message, duration });
}

export interface Failure {
  ok: false;
  status: number | null;
  /** The answer's field errors (`data`), as the server named the fields. */
  fieldErrors: Record<string, string[]> | null;
  message: string | null;
}

/** SPEC §8 store errors for a failed call (the client's own 400 toast is not repeated), as a Failure. */
export function failureOf(error: unknown): Failure {
  notifyStoreError(error);
  const body = failureBodyOf(error);
  return {
    ok: false,
    status: isHTTPError(error) ? error.response.status : null,
    fieldErrors: body.data,
    message: body.meta.message ?? body.errors[0]?.displayMessage ?? null,
  };
}

export function genericFailure(): Failure {
  notify({
    id: `generic:${Date.now()}`,
    type: 'error',
    message: GENERIC_ERROR_MESSAGE,
    duration: STORE_ERROR_TOAST_MS,
  });
  return { ok: false, status: null, fieldErrors: null, message: GENERIC_ERROR_MESSAGE };
}

/**
 * GET /campaigns/{id}. A campaign that cannot be loaded sends the browser to
 * /misc/404 (SPEC §4); with `quiet` the caller decides instead (a stored
 * draft that no longer exists simply starts over).
 */
export async function loadOwnerCampaign(
  id: string,
  options: { quiet?: boolean } = {},
): Promise<OwnerCampaign | null> {
  try {
    const body = await getOwnerCampaign(id);
    recordSavedCampaign(body.data);
    return body.data;
  } catch (error) {
    if (options.quiet && !isSessionExpired(error)) {
      console.warn('Could not load the campaign.', error);
      return null;
    }
    return failedOwnRead(error);
  }
}

/**
 * A read of what the user manages that failed: an unknown or foreign one sends the browser to
 * /misc/404 (SPEC §4; a 403 goes there through the client already), another failure is toasted.
 */
function failedOwnRead(error: unknown): null {
  if (isSessionExpired(error)) return null;
  const status = isHTTPError(error) ? error.response.status : null;
  if (status === 404 || status === 400) window.location.assign(NOT_FOUND_PATH);
  else if (status !== 403) notifyStoreError(error);
  return null;
}

/** `fetch`'s data, or null after failedOwnRead (a campaign's or organisation's funding, an organisation). */
export async function loadOwned<T>(fetch: () => Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await fetch()).data;
  } catch (error) {
    return failedOwnRead(error);
  }
}

export interface SaveRequest {
  campaignId: string | null;
  values: CampaignFormValues;
  step: CampaignStep;
  images: readonly EditorImage[];
  /** The images the server had when the editor loaded (or last saved). */
  savedImages: readonly SavedImage[];
  /** The campaign's path as saved, so an unchanged web address is not sent again. */
  savedPath: string | null;
}

export type SaveResult =
  | { ok: true; id: string; path: string; campaign: OwnerCampaign | null }
  | (Failure & { formErrors: Record<string, string> });

/**
 * Save draft: `POST /campaigns/` the first time ('Campaign saved successfully.'),
 * `PATCH /campaigns/{id}` afterwards ('Campaign updated successfully.'). Stores
 * the id and path (SPEC §4), then reads the campaign back for its images (and,
 * should the server have placed them otherwise, asks for the owner's order).
 */
export async function saveCampaignDraft(request: SaveRequest): Promise<SaveResult> {
  const { campaignId, values } = request;
  const mode = campaignId ? 'edit' : 'create';
  const input: CampaignInput = campaignInputOf(values, { mode, savedPath: request.savedPath });
  const names = uploadNames(request.images);
  const files = request.images.flatMap((image) =>
    image.kind === 'new' ? [{ file: image.file, name: names.get(image.key) ?? image.file.name }] : [],
  );
  const body = campaignFormData(input.fields, {
    files,
    ...(campaignId ? { imageDetails: imageDetailsOf(request.images, request.savedImages, names) } : {}),
  });
  let saved: SavedCampaign;
  try {
    saved = (campaignId ? await updateCampaign(campaignId, body) : await createCampaign(body)).data;
  } catch (error) {
    const failure = failureOf(error);
    const formErrors = serverErrorsToForm(failure.fieldErrors, input);
    if (failure.status === 409 && !formErrors.url)
      formErrors.url = failure.message ?? CAMPAIGN_MESSAGES.urlTaken;
    return { ...failure, formErrors };
  }
  recordSavedCampaign(saved);
  const path = campaignPathOf(saved.url);
  markCreationSaved(saved.id, { ...values, url: path }, request.step);
  success(campaignId ? SUCCESS.updated : SUCCESS.saved);

  let campaign = await loadOwnerCampaign(saved.id, { quiet: true });
  const order = campaign ? reorderAfterUpload(request.images, savedImagesOf(campaign.images), names) : null;
  if (order) {
    try {
      const details = order.map((image) => ({ ...image, deleted: false }));
      await updateCampaign(saved.id, campaignFormData({}, { imageDetails: details }));
      campaign = (await loadOwnerCampaign(saved.id, { quiet: true })) ?? campaign;
    } catch (error) {
      console.warn('Could not put the new images in order.', error);
    }
  }
  return { ok: true, id: saved.id, path, campaign };
}

export type LaunchResult =
  | { ok: true }
  | (Failure & { formErrors: Record<string, string>; emailUnconfirmed: boolean });

const UNCONFIRMED_EMAIL = /confirm your email/i;

/**
 * `PATCH /campaigns/{id}/launch` → 'Campaign launched successfully!'. A
 * refusal keeps the server's field errors (what is missing) and whether the
 * email address still needs confirming.
 */
export async function launchSavedCampaign(campaignId: string): Promise<LaunchResult> {
  try {
    await launchCampaign(campaignId);
  } catch (error) {
    const failure = failureOf(error);
    return {
      ...failure,
      formErrors: serverErrorsToForm(failure.fieldErrors, { socialPlatforms: [], videoIndexes: [] }),
      emailUnconfirmed: UNCONFIRMED_EMAIL.test(failure.message ?? ''),
    };
  }
  success(SUCCESS.launched);
  return { ok: true };
}

export type CampaignResult = { ok: true; campaign: OwnerCampaign } | Failure;

/**
 * `PATCH /campaigns/{id}/verification` (multipart). SPEC §4: it worked only
 * when the answer carries a non-null `bankingDetail`; otherwise the generic error shows.
 */
export async function submitCampaignVerification(
  campaignId: string,
  bankingDetails: Record<string, unknown>,
  documents: { identification: readonly File[]; supporting: readonly File[] },
): Promise<CampaignResult> {
  const body = new FormData();
  body.append('bankingDetails', JSON.stringify(bankingDetails));
  for (const file of documents.identification) body.append('identificationDocumentation', file, file.name);
  for (const file of documents.supporting) body.append('supportingDocumentation', file, file.name);
  let campaign: OwnerCampaign;
  try {
    campaign = (await submitVerification(campaignId, body)).data;
  } catch (error) {
    return failureOf(error);
  }
  if (!campaign.bankingDetail) return genericFailure();
  success(SUCCESS.verification, VERIFICATION_TOAST_MS);
  return { ok: true, campaign };
}

export type DoneResult = { ok: true } | Failure;

/** `POST /campaigns/campaign-updates` (multipart) → 'Updated posted successfully.' */
export async function postUpdate(
  campaignId: string,
  update: { description: string; videos: readonly string[]; images: readonly File[] },
): Promise<DoneResult> {
  const body = new FormData();
  // First: the server checks the campaign as soon as campaignId arrives, before any image.
  body.append('campaignId', campaignId);
  body.append('description', update.description);
  body.append('videos', JSON.stringify(update.videos));
  for (const file of update.images) body.append('images', file, file.name);
  try {
    await postCampaignUpdate(body);
  } catch (error) {
    return failureOf(error);
  }
  success(SUCCESS.updatePosted);
  return { ok: true };
}

/** `PATCH /campaigns/{id}/close` with a reason → 'Campaign closed successfully'. */
export async function closeWithReason(
  campaignId: string,
  reason: { closeReasonId: number; note: string },
): Promise<DoneResult> {
  try {
    await closeCampaign(campaignId, {
      closeReasonId: reason.closeReasonId,
      note: reason.note.trim() || null,
    });
  } catch (error) {
    return failureOf(error);
  }
  success(SUCCESS.closed);
  return { ok: true };
}

export type TeamResult = { ok: true; members: TeamMember[] } | Failure;

/** `PATCH /team-members` (add, change or remove, in a campaign's or an organisation's team) → 'Team member updated successfully'. */
export async function changeTeamMember(change: TeamMemberChange): Promise<TeamResult> {
  let members: TeamMember[];
  try {
    members = (await patchTeamMember(change)).data;
  } catch (error) {
    return failureOf(error);
  }
  success(SUCCESS.teamMember);
  return { ok: true, members };
}
