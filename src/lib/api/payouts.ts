import type {
  BluetickPayoutOption,
  CampaignFundingInfo,
  OrganisationFundingInfo,
  PayoutCreated,
  PayoutList,
  PayoutRequest,
} from '~/lib/contracts/payouts';
import { PAGE_SIZES } from '~/lib/enums';
import { idPath } from './campaigns';
import { api, type Envelope, uploadApi } from './index';

/**
 * Typed calls of the payouts contract (docs/api/payouts.md, SPEC §7 "Payouts") for the
 * /payout/* pages. They resolve to the success envelope and reject with the clients'
 * errors (SPEC §8 rules already applied by src/lib/api/client.ts).
 */

// The payout wire shapes, declared once in the contract; the islands import them from here.
export type * from '~/lib/contracts/payouts';

/** `GET /campaigns/{id}/funding`: one campaign's money (its owner, its organisation's Owners and Admins). */
export const getCampaignFunding = (campaignId: string): Promise<Envelope<CampaignFundingInfo>> =>
  api.get(`campaigns/${idPath(campaignId)}/funding`).json();

/** The organisation's funding: each campaign's available amount and the rand totals. */
export const getOrganisationFunding = (organisationId: string): Promise<Envelope<OrganisationFundingInfo>> =>
  api.get(`organizations/${idPath(organisationId)}/funding`).json();

/** `GET payouts/list/{id}?pageSize&pageNo`: a campaign's or an organisation's payouts, 5 a page. */
export const getPayouts = (ownerId: string, pageNo: number): Promise<Envelope<PayoutList>> =>
  api
    .get(`payouts/list/${idPath(ownerId)}`, {
      searchParams: { pageSize: String(PAGE_SIZES.payouts), pageNo: String(pageNo) },
    })
    .json();

/** `POST /payouts/` (JSON): a non-Bluetick campaign's or an organisation's payout request. */
export const requestPayout = (body: PayoutRequest): Promise<Envelope<PayoutCreated>> =>
  api.post('payouts/', { json: body }).json();

/** `POST /payouts/bluetick-payout?payoutOption=` (form data of SPEC §3 "Bluetick payout form"). */
export const requestBluetickPayout = (
  option: BluetickPayoutOption,
  body: FormData,
): Promise<Envelope<PayoutCreated>> =>
  uploadApi.post('payouts/bluetick-payout', { searchParams: { payoutOption: option }, body }).json();
