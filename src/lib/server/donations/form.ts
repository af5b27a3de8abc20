import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Donation } from '~/lib/contracts/donations';
import { m } from '~/lib/i18n';
import { type ReferralChannel, referralChannelOf } from '~/lib/referralChannels';
import { singleDonationSchema } from '~/lib/schemas/donation';
import { HttpError } from '~/lib/server/http/errors';
import { parseInput } from '~/lib/server/http/parseInput';
import { enforceRateLimits, RATE_LIMITS, tooManyRequests } from '~/lib/server/platform/rateLimit';
import { derivedKey } from '~/lib/server/platform/secrets';
import { createDonation } from './create';

/**
 * `POST /donation/{url}`: the donation page's own form, posted without JavaScript
 * (docs/api/donations.md "Without JavaScript"). The body is the one `POST /donations`
 * takes, checked with the same schema and created through createDonation; the captcha,
 * which cannot run without JavaScript, is replaced by three guards: every post counts
 * against the address's donation limit, a honeypot field, and a minimum fill time
 * measured from a signed render stamp.
 */

export const DONATION_FORM_MESSAGES = {
  refused: 'We could not take this donation. Please try again.',
  tooFast: 'Please check your details, then press Donate now again.',
  expired: 'This page was open for a long time. Please check your details and press Donate now again.',
  monthlyNeedsJavaScript:
    'A monthly donation needs JavaScript, which is off or has not loaded in your browser. You can give once-off below, or turn JavaScript on to give monthly.',
} as const;

/** DONATION_FORM_MESSAGES in the page's language (issue 27); the English is the constant's. */
const FORM_MESSAGE_TEXTS: Record<keyof typeof DONATION_FORM_MESSAGES, () => string> = {
  refused: () => m.donation_form_refused(),
  tooFast: () => m.donation_form_too_fast(),
  expired: () => m.donation_form_expired(),
  monthlyNeedsJavaScript: () => m.donation_form_monthly_js(),
};

/** A person takes at least this long from the page's render to pressing Donate now. */
export const FORM_MIN_FILL_MS = 3_000;

/**
 * Where the donor of a form posted without JavaScript came from: its hidden `referralChannel` (the
 * campaign link's `?ref=`), a channel only a link may name, else 'direct'. Read here, on the server,
 * so the form's script carries no parser for it.
 */
export function postedReferralChannel(form: { get(name: string): string | null }): ReferralChannel {
  return referralChannelOf(form.get('referralChannel')) ?? 'direct';
}
/** A stamp older than this is refused (the form comes back, filled, with a fresh one). */
export const FORM_STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const STAMP_KEY_LABEL = 'letsema donation form stamp v1';

const stampMac = (campaignId: string, renderedAt: number): string =>
  createHmac('sha256', derivedKey(STAMP_KEY_LABEL))
    .update(`${campaignId}.${renderedAt}`)
    .digest('base64url')
    .slice(0, 22);

/**
 * The render stamp the form carries: when the page was rendered, signed for the campaign. The
 * same for every visitor who gets this rendering (the page is cached), so it says how old the
 * page is, not how long this visitor took.
 */
export function signFormStamp(campaignId: string, now: number = Date.now()): string {
  return `${now}.${stampMac(campaignId, now)}`;
}

export type FormStampCheck = 'ok' | 'too-fast' | 'expired' | 'invalid';

/** Whether a posted stamp is ours, for this campaign, at least FORM_MIN_FILL_MS and at most FORM_STAMP_MAX_AGE_MS old. */
export function checkFormStamp(stamp: string, campaignId: string, now: number = Date.now()): FormStampCheck {
  const match = /^(\d{13})\.([A-Za-z0-9_-]{22})$/.exec(stamp);
  if (!match) return 'invalid';
  const renderedAt = Number(match[1]);
  const given = Buffer.from(match[2] ?? '');
  const expected = Buffer.from(stampMac(campaignId, renderedAt));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const age = now - renderedAt;
  if (age < FORM_MIN_FILL_MS) return 'too-fast';
  if (age > FORM_STAMP_MAX_AGE_MS) return 'expired';
  return 'ok';
}

/** One form post: the JSON API's body, and what only the HTML form has. */
export interface DonationFormPost {
  input: Record<string, unknown>;
  /** The Monthly tab was posted (needs JavaScript: the scheduler's card consent and captcha). */
  monthly: boolean;
  honeypot: string;
  stamp: string;
}

export type DonationFormOutcome =
  | { kind: 'accepted'; donation: Donation }
  | {
      kind: 'refused';
      /** 400 (the guards, the schema), 429 (the address's limit), or the service's own status. */
      status: number;
      /** The first message per field, shown beside it (SPEC §5 word for word). */
      errors: Record<string, string>;
      /** A message for the whole form, when no field can show it. */
      notice: string | null;
      /** The stamp the form comes back with: the posted one while it is good, else a fresh one. */
      stamp: string;
      /** The form comes back on the Once-off tab (a monthly post). */
      onceOff: boolean;
    };

function firstMessages(error: HttpError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {}))
    if (messages[0]) errors[field] = messages[0];
  return errors;
}

/**
 * Takes a posted donation form for `campaignId` from `remoteAddress`: counts the post, checks
 * the honeypot, the tab, the schema and the fill time, then creates the donation as a visitor's
 * (createDonation: rate limits aside, the same checks and payment start as `POST /donations`).
 * Nothing is stored unless it is accepted.
 */
export async function submitDonationForm(
  post: DonationFormPost,
  options: { campaignId: string; remoteAddress: string | null; now?: number },
): Promise<DonationFormOutcome> {
  const now = options.now ?? Date.now();
  const stampCheck = checkFormStamp(post.stamp, options.campaignId, now);
  const keptStamp =
    stampCheck === 'ok' || stampCheck === 'too-fast' ? post.stamp : signFormStamp(options.campaignId, now);
  const refuse = (status: number, notice: string | null, errors: Record<string, string> = {}) =>
    ({ kind: 'refused', status, errors, notice, stamp: keptStamp, onceOff: post.monthly }) as const;
  try {
    // Every post counts, refused or not: without a captcha, the address's limit is what bounds a script.
    if (options.remoteAddress)
      await enforceRateLimits(
        [{ rule: RATE_LIMITS.donationAddress, subject: options.remoteAddress }],
        tooManyRequests,
      );
    if (post.honeypot.trim() !== '') return refuse(400, FORM_MESSAGE_TEXTS.refused());
    if (post.monthly) return refuse(400, FORM_MESSAGE_TEXTS.monthlyNeedsJavaScript());
    const { recaptchaToken: _ignored, ...body } = post.input;
    const input = parseInput(singleDonationSchema, body);
    if (stampCheck === 'too-fast') return refuse(400, FORM_MESSAGE_TEXTS.tooFast());
    if (stampCheck !== 'ok') return refuse(400, FORM_MESSAGE_TEXTS.expired());
    const donation = await createDonation(input, {
      user: null,
      remoteAddress: options.remoteAddress,
      formGuarded: true,
    });
    return { kind: 'accepted', donation };
  } catch (error) {
    if (!(error instanceof HttpError) || (error.status >= 500 && error.status !== 502)) throw error;
    const errors = firstMessages(error);
    return refuse(error.status, Object.keys(errors).length > 0 ? null : error.message, errors);
  }
}
