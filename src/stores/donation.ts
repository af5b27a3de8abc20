import type {
  CreatedRecurrence,
  Donation,
  DonationRequest,
  RecurringDonationRequest,
} from '~/lib/api/donations';
import type { ApiFailureBody } from '~/lib/api/errors';
import type { FieldErrors } from '~/lib/contracts/common';
import { PaymentGateway } from '~/lib/enums';

/**
 * SPEC §4 "Donation creation" and "Donation update": each call answers its
 * outcome (the donation, or the message and field errors of a failure, the
 * captcha's message when the answer names it), and the donation form shows
 * it: loading while the call runs, the recaptcha error under the captcha.
 *
 * The API client (ky and its error handling) loads with the first call: the donation page
 * downloads it when the donor gives, not before.
 */

/** The API client's donation calls and error helpers, loaded on first use. */
const client = () =>
  Promise.all([import('~/lib/api/donations'), import('~/lib/api/storeErrors'), import('ky')]).then(
    ([donations, storeErrors, ky]) => ({ ...donations, ...storeErrors, isHTTPError: ky.isHTTPError }),
  );
type Client = Awaited<ReturnType<typeof client>>;

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
  { failureBodyOf, isHTTPError }: Client,
  error: unknown,
  options: { recurring: boolean; paymentMethod: number },
): DonationOutcome<T> {
  const body = failureBodyOf(error);
  const status = isHTTPError(error) ? error.response.status : null;
  if (!isHTTPError(error)) console.error('The donation could not be sent.', error);
  return { ok: false, message: donationFailureMessage(body, status, options), fieldErrors: body.data, error };
}

async function create<T>(
  send: (api: Client) => Promise<{ data: T | null | undefined }>,
  options: { recurring: boolean; paymentMethod: number },
): Promise<DonationOutcome<T>> {
  let api: Client;
  try {
    api = await client();
  } catch (error) {
    // The client's code could not load (offline): no answer, the generic message.
    console.error('The donation could not be sent.', error);
    return { ok: false, message: DONATION_ERRORS.generic, fieldErrors: null, error };
  }
  try {
    const { data } = await send(api);
    // An empty answer is a failure of its own (SPEC §4): the generic message.
    if (!data) return failed(api, new Error('The donation answer carried no donation.'), options);
    return { ok: true, data };
  } catch (error) {
    return failed(api, error, options);
  }
}

/** A once-off donation: signed in through `POST /donations/logged-in`, else `POST /donations` with the captcha. */
export function createDonation(
  request: DonationRequest,
  signedIn: boolean,
): Promise<DonationOutcome<Donation>> {
  return create(
    (api) => (signedIn ? api.createSignedInDonation(request) : api.createVisitorDonation(request)),
    {
      recurring: false,
      paymentMethod: request.paymentMethod,
    },
  );
}

/** A monthly donation: `POST /donationsscheduler` (bearer when signed in, else the captcha). */
export function createRecurringDonation(
  request: RecurringDonationRequest,
  signedIn: boolean,
): Promise<DonationOutcome<CreatedRecurrence>> {
  return create((api) => api.createDonationSchedule(request, signedIn), {
    recurring: true,
    paymentMethod: request.paymentMethod,
  });
}
