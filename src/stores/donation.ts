import { isHTTPError } from 'ky';
import {
  type CreatedRecurrence,
  createDonationSchedule,
  createSignedInDonation,
  createVisitorDonation,
  type Donation,
  type DonationRequest,
  type RecurringDonationRequest,
} from '~/lib/api/donations';
import type { ApiFailureBody } from '~/lib/api/errors';
import { failureBodyOf } from '~/lib/api/storeErrors';
import type { FieldErrors } from '~/lib/contracts/common';
import { PaymentGateway } from '~/lib/enums';

/**
 * SPEC §4 "Donation creation" and "Donation update": each call answers its
 * outcome (the donation, or the message and field errors of a failure, the
 * captcha's message when the answer names it), and the donation form shows
 * it: loading while the call runs, the recaptcha error under the captcha.
 */

export const DONATION_ERRORS = {
  recaptcha: 'The reCAPTCHA verification failed. Please try again.',
  generic: 'There was a problem while processing your request, please try again later.',
  paysoft: 'The account number or branch code entered is invalid, please try again.',
} as const;

export type DonationOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; fieldErrors: FieldErrors | null; error: unknown };

/**
 * SPEC §8 donation errors: the captcha's message when the answer is about it;
 * Paysoft's account message for a recurring Paysoft donation; else the first
 * listed error of a 4xx answer; else (a server error, no answer) the generic one.
 */
function donationFailureMessage(
  body: ApiFailureBody,
  status: number | null,
  options: { recurring: boolean; paymentMethod: number },
): string {
  if (body.data?.recaptchaToken) return DONATION_ERRORS.recaptcha;
  if (options.recurring && options.paymentMethod === PaymentGateway.Paysoft) return DONATION_ERRORS.paysoft;
  const first = status !== null && status < 500 ? body.errors[0]?.displayMessage : undefined;
  return first ?? DONATION_ERRORS.generic;
}

function failed<T>(
  error: unknown,
  options: { recurring: boolean; paymentMethod: number },
): DonationOutcome<T> {
  const body = failureBodyOf(error);
  const status = isHTTPError(error) ? error.response.status : null;
  if (!isHTTPError(error)) console.error('The donation could not be sent.', error);
  return { ok: false, message: donationFailureMessage(body, status, options), fieldErrors: body.data, error };
}

async function create<T>(
  send: () => Promise<{ data: T | null | undefined }>,
  options: { recurring: boolean; paymentMethod: number },
): Promise<DonationOutcome<T>> {
  try {
    const { data } = await send();
    // An empty answer is a failure of its own (SPEC §4): the generic message.
    if (!data) return failed(new Error('The donation answer carried no donation.'), options);
    return { ok: true, data };
  } catch (error) {
    return failed(error, options);
  }
}

/** A once-off donation: signed in through `POST /donations/logged-in`, else `POST /donations` with the captcha. */
export function createDonation(
  request: DonationRequest,
  signedIn: boolean,
): Promise<DonationOutcome<Donation>> {
  return create(() => (signedIn ? createSignedInDonation(request) : createVisitorDonation(request)), {
    recurring: false,
    paymentMethod: request.paymentMethod,
  });
}

/** A monthly donation: `POST /donationsscheduler` (bearer when signed in, else the captcha). */
export function createRecurringDonation(
  request: RecurringDonationRequest,
  signedIn: boolean,
): Promise<DonationOutcome<CreatedRecurrence>> {
  return create(() => createDonationSchedule(request, signedIn), {
    recurring: true,
    paymentMethod: request.paymentMethod,
  });
}
