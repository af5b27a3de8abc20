import { type Failure, failureOf, loadOwned, success } from '~/islands/editor/campaignActions';
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
import { PAYOUT_MESSAGES } from '~/lib/schemas/payout';
import { clearPayoutRequest, recordPayoutCreated } from '~/stores/payouts';

/** What the payout pages ask of the server (docs/api/payouts.md), with their toasts. */

export const PAYOUT_SUCCESS = PAYOUT_MESSAGES.created;

/** A funding read; an unknown or foreign campaign or organisation sends the browser to /misc/404. */
export const loadCampaignFunding = (campaignId: string): Promise<CampaignFundingInfo | null> =>
  loadOwned(() => getCampaignFunding(campaignId));

export const loadOrganisationFunding = (organisationId: string): Promise<OrganisationFundingInfo | null> =>
  loadOwned(() => getOrganisationFunding(organisationId));

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
