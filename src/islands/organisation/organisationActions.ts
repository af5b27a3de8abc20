import { type Failure, failureOf, loadOwned, success } from '~/islands/editor/campaignActions';
import { renewAccessToken } from '~/lib/api';
import { STORE_ERROR_TOAST_MS } from '~/lib/api/errors';
import {
  createOrganisation,
  getOrganisation,
  type MyOrganisationView,
  submitOrganisationVerification,
  updateOrganisation,
} from '~/lib/api/organisations';
import { ORGANISATION_MESSAGES } from '~/lib/schemas/organisation';
import { ORGANISATION_VERIFICATION_MESSAGES } from '~/lib/schemas/organisationVerification';
import { $storedOrganisationId, loadMyOrganisation } from '~/stores/myOrganisation';
import { notify } from '~/stores/toast';
import { $accessToken } from '~/stores/tokens';
import {
  errorsToForm,
  type OrganisationFormValues,
  organisationFormData,
  organisationInputOf,
} from './organisationValues';

/**
 * What the organisation pages ask of the server (docs/api/organisations.md),
 * with SPEC §8's messages. Each action answers whether it worked and, when
 * not, the field errors to show under the inputs.
 */

/** SPEC §8: an organisation create whose answer carries no organisation. */
export const EMPTY_RESULT_MESSAGE = 'Something went wrong!';

const VERIFICATION_TOAST_MS = 2500;

/**
 * `GET /organizations/{id}`. One that cannot be read sends the browser to
 * /misc/404 (SPEC §4; the client already does so for 403).
 */
export const loadOrganisation = (id: string): Promise<MyOrganisationView | null> =>
  loadOwned(() => getOrganisation(id));

export type SaveResult =
  | { ok: true; organisation: MyOrganisationView }
  | (Failure & { formErrors: Record<string, string> });

export interface OrganisationFiles {
  logo: File | null;
  s18Certificate: File | null;
}

/**
 * After registering: the new tokens carry `hasOrganization` (so the menus
 * offer "My Organisation" at once) and the organisation store is read again.
 */
async function followNewOrganisation(id: string): Promise<void> {
  $storedOrganisationId.set(id);
  try {
    await renewAccessToken($accessToken.get());
  } catch (error) {
    console.warn('Could not renew the session after registering the organisation.', error);
    return;
  }
  await loadMyOrganisation();
}

/**
 * `POST /organizations/` ('Organisation created successfully', the id stored
 * locally) or `PATCH /organizations/{id}` ('Organisation updated successfully.').
 */
export async function saveOrganisation(
  organisationId: string | null,
  values: OrganisationFormValues,
  files: OrganisationFiles,
): Promise<SaveResult> {
  const input = organisationInputOf(values, organisationId ? 'edit' : 'create');
  const body = organisationFormData(input.fields, files);
  let organisation: MyOrganisationView | null | undefined;
  try {
    const answer = organisationId
      ? await updateOrganisation(organisationId, body)
      : await createOrganisation(body);
    organisation = answer?.data;
  } catch (error) {
    const failure = failureOf(error);
    return { ...failure, formErrors: errorsToForm(failure.fieldErrors, input) };
  }
  if (!organisation?.id) {
    notify({
      id: `empty:${Date.now()}`,
      type: 'error',
      message: EMPTY_RESULT_MESSAGE,
      duration: STORE_ERROR_TOAST_MS,
    });
    return { ok: false, status: null, fieldErrors: null, message: EMPTY_RESULT_MESSAGE, formErrors: {} };
  }
  if (organisationId) {
    success(ORGANISATION_MESSAGES.updated);
  } else {
    success(ORGANISATION_MESSAGES.created);
    await followNewOrganisation(organisation.id);
  }
  return { ok: true, organisation };
}

export type OrganisationResult = { ok: true; organisation: MyOrganisationView } | Failure;

/**
 * `PATCH /organizations/{id}/verification` (multipart, Owners) →
 * 'Organisation verification submitted successfully.'
 */
export async function submitVerification(
  organisationId: string,
  answers: Record<string, unknown>,
  bankingDetails: Record<string, unknown>,
  documents: { legalDocument: File | null; supportDocuments: readonly File[] },
): Promise<OrganisationResult> {
  const body = new FormData();
  body.append('verification', JSON.stringify(answers));
  body.append('bankingDetails', JSON.stringify(bankingDetails));
  if (documents.legalDocument)
    body.append('legalDocument', documents.legalDocument, documents.legalDocument.name);
  for (const file of documents.supportDocuments) body.append('supportDocuments', file, file.name);
  let organisation: MyOrganisationView;
  try {
    organisation = (await submitOrganisationVerification(organisationId, body)).data;
  } catch (error) {
    return failureOf(error);
  }
  success(ORGANISATION_VERIFICATION_MESSAGES.submitted, VERIFICATION_TOAST_MS);
  return { ok: true, organisation };
}
