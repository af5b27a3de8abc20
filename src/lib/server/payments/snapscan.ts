import { Currency, PaymentGateway } from '~/lib/enums';
import { isUuid } from '~/lib/ids';
import { qrSvgOf } from '~/lib/server/outreach/qrCode';
import { env } from '~/lib/server/platform/env';
import { verifySnapscanSignature } from './snapscanSignature';
import type { PaymentRequest, PaymentStart, VerifiedPayment } from './types';

/**
 * SnapScan (developer.snapscan.co.za): the donor scans a QR code (laptop) or opens the same
 * link in the SnapScan app (phone). The link carries our reference (`id`), the amount in cents
 * and `strict=true`, so the app neither lets the amount be edited nor the reference be paid twice.
 * SnapScan posts a signed webhook; before booking, the payment is read back from the Merchant
 * Payments API, so only SnapScan's own record books.
 */

export const SNAPSCAN_WEBHOOK_PATH = '/api/v1/payments/snapscan/webhook';

const TIMEOUT_MS = 15_000;

/** The payment link: `{qrUrl}/{merchant}?id={reference}&amount={cents}&strict=true`. */
export function snapscanPaymentLink(reference: string, amountCents: number): string {
  const { qrUrl, merchantId } = env.payments.snapscan;
  const query = new URLSearchParams({ id: reference, amount: String(amountCents), strict: 'true' });
  return `${qrUrl}/${encodeURIComponent(merchantId)}?${query}`;
}

const POSTER_PREFIX = 'LTP-';

/** The reference a campaign's SnapScan poster code carries: 'LTP-' and the campaign's id, which never changes. */
export const posterReferenceOf = (campaignId: string): string => `${POSTER_PREFIX}${campaignId}`;

/** The campaign id a poster reference names, or null for any other reference (a donation's). */
export function posterCampaignIdOf(reference: string): string | null {
  if (!reference.startsWith(POSTER_PREFIX)) return null;
  const id = reference.slice(POSTER_PREFIX.length);
  return isUuid(id) ? id.toLowerCase() : null;
}

/**
 * A campaign's poster code: `{qrUrl}/{merchant}?id={poster reference}`, no amount and not strict,
 * so the payer types the amount in the app and anyone may pay it any number of times (SnapScan's
 * "static" link with a reference). Each payment becomes a donation (donations/posterPayments.ts).
 */
export function snapscanPosterLink(campaignId: string): string {
  const { qrUrl, merchantId } = env.payments.snapscan;
  const query = new URLSearchParams({ id: posterReferenceOf(campaignId) });
  return `${qrUrl}/${encodeURIComponent(merchantId)}?${query}`;
}

export async function startSnapscanPayment(request: PaymentRequest): Promise<PaymentStart> {
  // SnapScan settles rand only (availablePaymentMethods offers it for rand).
  if (request.currencyId !== Currency.Rand) throw new Error('SnapScan takes rand payments only');
  if (request.recurring) throw new Error('SnapScan takes once-off payments only');
  const url = snapscanPaymentLink(request.reference, request.amountCents);
  return { kind: 'qr', url, qrSvg: qrSvgOf(url, 6) };
}

/** One payment as SnapScan's Payments API and webhook describe it (the fields we read). */
export interface SnapscanPayment {
  id: number;
  status: string;
  totalAmount: number;
  tipAmount?: number;
  requiredAmount?: number | null;
  merchantReference?: string | null;
  userReference?: string | null;
  snapCode?: string;
  date?: string;
  statusReason?: string | null;
}

/** Why a webhook was not booked; logged, never stored under SnapScan's id. */
export class SnapscanWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapscanWebhookError';
  }
}

/** SnapScan's Payments API could not be read: nothing is proven, so the webhook must come again. */
export class SnapscanCheckUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SnapscanCheckUnavailableError';
  }
}

const isPayment = (value: unknown): value is SnapscanPayment => {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(p.id) &&
    typeof p.status === 'string' &&
    Number.isSafeInteger(p.totalAmount) &&
    (p.tipAmount === undefined || p.tipAmount === null || Number.isSafeInteger(p.tipAmount))
  );
};

/**
 * SnapScan's own record of one payment: `GET {apiUrl}/payments/{id}` ("Get a payment") with HTTP
 * basic auth (the API key, no password). Null when SnapScan answers 404 (no such payment).
 * By id rather than by `merchantReference`: the list is paginated (50 a page), and a poster's
 * reference collects many payments.
 */
export async function snapscanPaymentById(id: number): Promise<SnapscanPayment | null> {
  const { apiUrl, apiKey } = env.payments.snapscan;
  let body: unknown;
  try {
    const response = await fetch(`${apiUrl}/payments/${encodeURIComponent(String(id))}`, {
      headers: {
        Authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`,
        Accept: 'application/json',
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 404) return null;
    if (!response.ok)
      throw new SnapscanCheckUnavailableError(`SnapScan's Payments API answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof SnapscanCheckUnavailableError) throw error;
    throw new SnapscanCheckUnavailableError(`SnapScan's Payments API failed: ${String(error)}`, {
      cause: error,
    });
  }
  if (!isPayment(body))
    throw new SnapscanCheckUnavailableError("SnapScan's Payments API did not answer a payment");
  return body;
}

const OUTCOMES: Readonly<Record<string, VerifiedPayment['outcome']>> = {
  completed: 'paid',
  error: 'failed',
};

/** What the payer paid towards our reference: the total less any tip the app added (SnapScan keeps tips apart). */
const paidCents = (payment: SnapscanPayment): number => payment.totalAmount - (payment.tipAmount ?? 0);

/** The reference the payer typed in the app (`userReference`, "if enabled for your account"), trimmed; null without one. */
function payerReferenceOf(payment: SnapscanPayment): string | null {
  const text = typeof payment.userReference === 'string' ? payment.userReference.trim() : '';
  return text === '' ? null : text;
}

/**
 * Checks a SnapScan webhook (the raw form-encoded body and its Authorization header) and returns
 * the payment it reports: the signature with our webhook auth key, then SnapScan's own record of
 * the payment (Payments API, by SnapScan's id) must show the same id, status and amount. Null for
 * a payment that is not final (pending) or not one of ours (no merchant reference). Throws
 * SnapscanWebhookError when a check proves the webhook false, SnapscanCheckUnavailableError when
 * SnapScan's record could not be read.
 */
export async function verifySnapscanWebhook(
  rawBody: string,
  authorization: string | null,
): Promise<VerifiedPayment | null> {
  if (!verifySnapscanSignature(rawBody, authorization, env.payments.snapscan.webhookAuthKey))
    throw new SnapscanWebhookError('Signature does not match');
  let posted: unknown;
  try {
    posted = JSON.parse(new URLSearchParams(rawBody).get('payload') ?? '');
  } catch {
    throw new SnapscanWebhookError('The payload is not JSON');
  }
  if (!isPayment(posted)) throw new SnapscanWebhookError('Malformed payload');
  const reference = posted.merchantReference;
  if (!reference) return null;
  const outcome = OUTCOMES[posted.status.toLowerCase()];
  if (!outcome) return null;

  const record = await snapscanPaymentById(posted.id);
  if (!record) throw new SnapscanWebhookError(`SnapScan has no payment ${posted.id}`);
  if (record.status.toLowerCase() !== posted.status.toLowerCase())
    throw new SnapscanWebhookError(`SnapScan says ${record.status}, the webhook ${posted.status}`);
  if (paidCents(record) !== paidCents(posted))
    throw new SnapscanWebhookError(
      `SnapScan says ${paidCents(record)} cents, the webhook ${paidCents(posted)}`,
    );
  if (record.merchantReference !== reference)
    throw new SnapscanWebhookError('Reference differs from SnapScan’s record');
  if (record.snapCode !== undefined && record.snapCode !== env.payments.snapscan.merchantId)
    throw new SnapscanWebhookError(`Paid to SnapCode ${record.snapCode}, not ours`);

  return {
    gateway: PaymentGateway.SnapScan,
    gatewayPaymentId: String(record.id),
    reference,
    outcome,
    amountCents: paidCents(record),
    payerReference: payerReferenceOf(record),
    payload: { ...posted },
  };
}
