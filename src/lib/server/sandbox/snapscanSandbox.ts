import { timingSafeEqual } from 'node:crypto';
import { SNAPSCAN_WEBHOOK_PATH, type SnapscanPayment } from '~/lib/server/payments/snapscan';
import { snapscanAuthorizationHeader } from '~/lib/server/payments/snapscanSignature';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { jsonState } from './jsonState';

/**
 * The SnapScan simulator (docs/api/donations.md "Simulator"): the app's payment screen a payment
 * link opens (Pay, Fail, Cancel), the signed webhook SnapScan posts to the merchant's webhook URL,
 * and the Merchant Payments API (`GET …/payments?merchantReference=…`). It holds the merchant's
 * SnapCode, API key and webhook auth key from env.payments.snapscan, as SnapScan would.
 */

export interface SnapscanSandboxPayment extends SnapscanPayment {
  merchantReference: string;
  requiredAmount: number | null;
  tipAmount: number;
  snapCode: string;
  date: string;
}

interface SnapscanSandboxState {
  nextId: number;
  payments: SnapscanSandboxPayment[];
}

const store = jsonState<SnapscanSandboxState>('snapscan', () => ({ nextId: 1, payments: [] }));

/** What a payment link asks for, as the app reads it. */
export interface SnapscanLinkRequest {
  merchant: string;
  reference: string;
  /** Null for a link without an amount (a poster's code): the payer types it in the app. */
  amountCents: number | null;
  strict: boolean;
}

/** What the payer typed on the app's screen for a link without an amount, and their optional reference. */
export interface SnapscanPayerInput {
  amountCents?: number;
  userReference?: string | null;
}

/** The largest amount the simulated app takes, R 100 000 (in cents). */
export const SNAPSCAN_SANDBOX_MAX_CENTS = 10_000_000;

/** Reads an amount the payer typed in rand ("50", "50.5", "50,50") as cents; null when it is not one. */
export function payerAmountCents(text: string): number | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return cents > 0 && cents <= SNAPSCAN_SANDBOX_MAX_CENTS ? cents : null;
}

export type SnapscanLinkCheck = { ok: true; request: SnapscanLinkRequest } | { ok: false; message: string };

/**
 * Reads a payment link (`/qr/{merchant}?id=…&amount=…&strict=true`) as the app does. Without
 * `amount` (a poster's code, `?id=…` only) the app asks the payer for one.
 */
export function readSnapscanLink(merchant: string, query: URLSearchParams): SnapscanLinkCheck {
  if (merchant !== env.payments.snapscan.merchantId) return { ok: false, message: 'Unknown SnapCode.' };
  const reference = query.get('id') ?? '';
  const amount = query.get('amount') ?? '';
  if (!reference || reference.length > 100) return { ok: false, message: 'The payment has no reference.' };
  if (amount !== '' && (!/^\d{1,9}$/.test(amount) || Number(amount) <= 0))
    return { ok: false, message: 'The amount is not valid.' };
  const strict = query.get('strict') === 'true';
  if (strict && completedFor(reference))
    return { ok: false, message: 'This reference has already been paid.' };
  const amountCents = amount === '' ? null : Number(amount);
  return { ok: true, request: { merchant, reference, amountCents, strict } };
}

const completedFor = (reference: string): boolean =>
  store.get().payments.some((p) => p.merchantReference === reference && p.status === 'completed');

/** The webhook SnapScan posts for a payment: its raw body and Authorization header. */
export function snapscanWebhookOf(payment: SnapscanPayment): { body: string; authorization: string } {
  const body = new URLSearchParams({ payload: JSON.stringify(payment) }).toString();
  return { body, authorization: snapscanAuthorizationHeader(body, env.payments.snapscan.webhookAuthKey) };
}

export type SnapscanAction = 'pay' | 'fail' | 'cancel';

/**
 * The payer pressed Pay or Fail (a payment `completed` or `error` is recorded and its webhook
 * posted, awaited) or Cancel (nothing recorded, nothing sent). Null when the link is refused or,
 * for a link without an amount, the payer typed none.
 */
export async function finishSnapscanPayment(
  request: SnapscanLinkRequest,
  action: SnapscanAction,
  payer: SnapscanPayerInput = {},
): Promise<SnapscanSandboxPayment | null> {
  if (action === 'cancel') return null;
  if (request.strict && completedFor(request.reference)) return null;
  const amountCents = request.amountCents ?? payer.amountCents ?? null;
  if (amountCents === null) return null;
  const state = store.get();
  const payment: SnapscanSandboxPayment = {
    id: state.nextId++,
    status: action === 'pay' ? 'completed' : 'error',
    totalAmount: amountCents,
    tipAmount: 0,
    // SnapScan's requiredAmount is the link's amount; null when the payer chose it.
    requiredAmount: request.amountCents,
    merchantReference: request.reference,
    userReference: payer.userReference?.trim() || null,
    snapCode: request.merchant,
    date: new Date().toISOString(),
    statusReason: action === 'pay' ? null : 'declined',
  };
  state.payments.push(payment);
  store.save();
  const { body, authorization } = snapscanWebhookOf(payment);
  const url = `${env.publicUrl}${SNAPSCAN_WEBHOOK_PATH}`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok)
      log.warn(
        { area: 'sandbox', gateway: 'snapscan', paymentId: payment.id, status: response.status },
        'Simulated webhook refused',
      );
  } catch (error) {
    log.warn(
      { area: 'sandbox', gateway: 'snapscan', paymentId: payment.id, err: error },
      'Simulated webhook not delivered',
    );
  }
  return payment;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** HTTP basic auth with the API key as user name and no password, as SnapScan's API takes it. */
export function snapscanApiKeyOk(authorization: string | null): boolean {
  const match = /^Basic (.+)$/.exec(authorization ?? '');
  if (!match?.[1]) return false;
  return sameText(Buffer.from(match[1], 'base64').toString('utf8'), `${env.payments.snapscan.apiKey}:`);
}

/** The Payments API's list, newest first, filtered as its query asks (merchantReference, status). */
export function snapscanPaymentsList(query: URLSearchParams): SnapscanSandboxPayment[] {
  const reference = query.get('merchantReference');
  const status = query.get('status');
  return store
    .get()
    .payments.filter(
      (p) =>
        (reference === null || p.merchantReference === reference) && (status === null || p.status === status),
    )
    .sort((a, b) => b.id - a.id);
}

/** "Get a payment": one payment by SnapScan's id, or undefined (the API's 404). */
export function snapscanSandboxPayment(id: string): SnapscanSandboxPayment | undefined {
  if (!/^\d{1,9}$/.test(id)) return undefined;
  return store.get().payments.find((p) => p.id === Number(id));
}
