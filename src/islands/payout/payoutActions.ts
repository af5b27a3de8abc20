import { isHTTPError } from 'ky';
import { type Failure, failureOf, success } from '~/islands/editor/campaignActions';
import { NOT_FOUND_PATH } from '~/lib/api/errors';
import {
  type BluetickPayoutOption,
  type CampaignFundingInfo,
  getCampaignFunding,
  getOrganisationFunding,
  type OrganisationFundingInfo,
  type PayoutCreated,
  type PayoutRequest,
  requestBluetickPayout,
  requestPayout,
} from '~/lib/api/payouts';
import { isSessionExpired } from '~/lib/api/refresh';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { PAYOUT_MESSAGES } from '~/lib/schemas/payout';
import { clearPayoutRequest, recordPayoutCreated } from '~/stores/payouts';

/** What the payout pages ask of the server (docs/api/payouts.md), with their toasts. */

export const PAYOUT_SUCCESS = PAYOUT_MESSAGES.created;

/**
 * A funding fetch; one that fails for an unknown or foreign campaign or organisation sends
 * the browser to /misc/404 (SPEC §4; a 403 goes there through the client already).
 */
async function loadFunding<T>(fetch: () => Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await fetch()).data;
  } catch (error) {
    if (isSessionExpired(error)) return null;
    const status = isHTTPError(error) ? error.response.status : null;
    if (status === 404 || status === 400) window.location.assign(NOT_FOUND_PATH);
    else if (status !== 403) notifyStoreError(error);
    return null;
  }
}

export const loadCampaignFunding = (campaignId: string): Promise<CampaignFundingInfo | null> =>
  loadFunding(() => getCampaignFunding(campaignId));

export const loadOrganisationFunding = (organisationId: string): Promise<OrganisationFundingInfo | null> =>
  loadFunding(() => getOrganisationFunding(organisationId));

export type PayoutResult = { ok: true; payout: PayoutCreated } | Failure;

async function submit(send: () => Promise<{ data: PayoutCreated }>): Promise<PayoutResult> {
  clearPayoutRequest();
  let payout: PayoutCreated;
  try {
    payout = (await send()).data;
  } catch (error) {
    return failureOf(error);
  }
  success(PAYOUT_SUCCESS);
  await recordPayoutCreated(payout);
  return { ok: true, payout };
}

/** `POST /payouts/`: a non-Bluetick campaign's or an organisation's request. */
export const submitPayout = (body: PayoutRequest): Promise<PayoutResult> => submit(() => requestPayout(body));

/** `POST /payouts/bluetick-payout?payoutOption=`: a Bluetick campaign's request. */
export const submitBluetickPayout = (option: BluetickPayoutOption, body: FormData): Promise<PayoutResult> =>
  submit(() => requestBluetickPayout(option, body));
