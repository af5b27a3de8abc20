import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect } from 'vitest';
import type { Donation, DonationDetailCampaign } from '~/lib/contracts/donations';
import { eventually } from '../../support/eventually';
import { send } from './accounts';
import { type ApiResponse, api, baseUrl } from './http';

/** The Donation response (docs/api/donations.md); `campaign` only on GET /donations/list/{id}. */
export type DonationData = Donation & { campaign?: DonationDetailCampaign };

/** A demo rand campaign that is launched, running and takes every rand method (the seed's). */
export const DEMO_RAND_CAMPAIGN = 'help-lwazi-walk-again';
/** The demo campaign that takes recurring donations. */
export const DEMO_RECURRING_CAMPAIGN = 'siyakhula-saturday-school';
/** A demo dollar campaign. */
export const DEMO_DOLLAR_CAMPAIGN = 'lindiwe-sithole-debut-album';

/**
 * Solves an ALTCHA challenge from `GET /captcha/challenge` the way the widget
 * does, and returns the widget's payload (what the form sends as `recaptchaToken`).
 */
export async function solveCaptcha(): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/captcha/challenge`);
  expect(response.status).toBe(200);
  const challenge = (await response.json()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('captcha challenge not solved');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A fresh address, so each donation's donor is told apart. */
export function donorEmail(tag = 'donor'): string {
  return `${tag.slice(0, 12)}-${randomUUID().slice(0, 12)}@letsema.test`;
}

/** A valid once-off body: R 250 + R 30 tip by EFT to the demo rand campaign (override anything). */
export function donationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 0,
    currencyId: 1,
    amount: 250,
    tipOrAdminFeeAmount: 30,
    paymentMethod: 0,
    firstName: 'Thabo',
    lastName: 'Mokoena',
    email: donorEmail(),
    mobileNumber: '0821234567',
    anonymous: false,
    displayName: '',
    comment: '',
    campaignUrl: DEMO_RAND_CAMPAIGN,
    ...overrides,
  };
}

/**
 * Makes a donation: with `accessToken` through `/donations/logged-in`, else
 * through the public `/donations`, solving a captcha unless the body already
 * has a `recaptchaToken` key (set it to '' or undefined to send none).
 */
export async function donate(
  body: Record<string, unknown>,
  accessToken?: string,
): Promise<ApiResponse<DonationData>> {
  if (accessToken) return send<DonationData>('POST', '/api/v1/donations/logged-in', body, accessToken);
  const withCaptcha = 'recaptchaToken' in body ? body : { ...body, recaptchaToken: await solveCaptcha() };
  return send<DonationData>('POST', '/api/v1/donations', withCaptcha);
}

/** `donate` that must succeed (201); returns the donation. */
export async function donated(body: Record<string, unknown>, accessToken?: string): Promise<DonationData> {
  const res = await donate(body, accessToken);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** GET /donations/list/{id}: a donation token, or a uuid with a bearer. */
export function getDonation(id: string, accessToken?: string): Promise<ApiResponse<DonationData>> {
  return send<DonationData>(
    'GET',
    `/api/v1/donations/list/${encodeURIComponent(id)}`,
    undefined,
    accessToken,
  );
}

/**
 * Reads the donation by its token until `predicate` holds (a gateway
 * notification is booked after the gateway was answered), or fails at the deadline.
 */
export async function pollDonation(
  token: string,
  predicate: (donation: DonationData) => boolean,
  timeoutMs = 10_000,
): Promise<DonationData> {
  return eventually(
    async () => {
      const last = await getDonation(token);
      expect(last.status, last.text).toBe(200);
      expect(
        predicate(last.body.data),
        `donation not in the expected state: ${last.text.slice(0, 500)}`,
      ).toBe(true);
      return last.body.data;
    },
    { timeout: timeoutMs },
  );
}

/** GET a campaign's public donations (idType 0 by url). */
export function campaignDonations(identifier: string, query = ''): Promise<ApiResponse<unknown>> {
  return api(`/api/v1/donations/list/campaign/${encodeURIComponent(identifier)}${query ? `?${query}` : ''}`);
}
