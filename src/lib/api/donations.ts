import type { CreatedRecurrence, Donation } from '~/lib/contracts/donations';
import type { DebitOrderInput } from '~/lib/schemas/debitOrder';
import type { RecurringDonationInput, SingleDonationInput } from '~/lib/schemas/donation';
import { api, type Envelope, publicApi } from './index';

// The wire shapes live in ~/lib/contracts (shared with the server views); the islands import them from here.
export type { CreatedRecurrence, Donation, PaymentForm, TransactionInfo } from '~/lib/contracts/donations';

/**
 * Typed calls of the donations contract (docs/api/donations.md) for the
 * donation form. They resolve to the success envelope and reject with the
 * clients' errors (SPEC §8 rules already applied by src/lib/api/client.ts).
 */

/** Which campaign a donation is for: its id or its url. */
export type CampaignRef = { campaignId: string } | { campaignUrl: string };

export type DonationRequest = SingleDonationInput & CampaignRef;
/** `debitOrder`: payment method 7 only (a Paysoft debit order's account and mandate). */
export type RecurringDonationRequest = RecurringDonationInput &
  CampaignRef & { debitOrder?: DebitOrderInput };

/** `POST /donations/logged-in`: a signed-in donor (no captcha). */
export const createSignedInDonation = (body: DonationRequest): Promise<Envelope<Donation>> =>
  api.post('donations/logged-in', { json: body }).json();

/**
 * A refused captcha answer is the form's to handle (it makes another and resends, or shows the
 * message under the captcha): no toast for it.
 */
const captchaAnsweredByForm = { context: { quietFields: ['recaptchaToken'] } };

/** `POST /donations`: a visitor; `recaptchaToken` carries the captcha's answer. */
export const createVisitorDonation = (body: DonationRequest): Promise<Envelope<Donation>> =>
  publicApi.post('donations', { json: body, ...captchaAnsweredByForm }).json();

/** `POST /donationsscheduler`: with the bearer when signed in, else a visitor with the captcha. */
export const createDonationSchedule = (
  body: RecurringDonationRequest,
  signedIn: boolean,
): Promise<Envelope<CreatedRecurrence>> =>
  signedIn
    ? api.post('donationsscheduler', { json: body }).json()
    : publicApi.post('donationsscheduler', { json: body, ...captchaAnsweredByForm }).json();
