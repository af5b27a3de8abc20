import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { jsonState } from './jsonState';
import { isOwnUrl, notOwnUrlMessage } from './sandboxHttp';
import { sandboxRefund, sandboxRefundsOf } from './sandboxRefunds';

/**
 * The PayPal simulator (docs/api/donations.md "Simulator"): OAuth tokens,
 * Orders v2 (create, read, capture), the approve page's decisions, webhooks
 * after a capture and their verification. Answers in PayPal's shapes and with
 * its error names, so the adapter in payments/paypal.ts runs unchanged.
 */

interface Amount {
  currency_code: string;
  value: string;
}

interface SandboxCapture {
  id: string;
  status: 'COMPLETED';
  amount: Amount;
  final_capture: true;
  custom_id: string;
  create_time: string;
  update_time: string;
}

interface SandboxOrder {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  /** The create call used payment_source.paypal (link `payer-action`) rather than application_context (`approve`). */
  paymentSource: boolean;
  /** experience_context.landing_page: GUEST_CHECKOUT opens on the card form (no PayPal login). */
  landingPage: string;
  /** The buyer's last card was declined on the page (the order stays open for another card). */
  declined?: boolean;
  referenceId: string;
  customId: string;
  description: string;
  amount: Amount;
  returnUrl: string;
  cancelUrl: string;
  payerId: string | null;
  capture: SandboxCapture | null;
  createTime: string;
  updateTime: string;
}

interface SandboxEvent {
  event: Record<string, unknown>;
  /** What our webhook endpoint answered to each transmission (null while in flight or when unreachable). */
  deliveries: { transmissionId: string; status: number | null }[];
}

interface PaypalSandboxState {
  /** Signs webhook transmissions; only this simulator can produce a signature it verifies. */
  signingKey: string;
  tokens: Record<string, number>;
  orders: Record<string, SandboxOrder>;
  /** PayPal-Request-Id → order id: a retried create answers the same order. */
  requestIds: Record<string, string>;
  events: SandboxEvent[];
}

const store = jsonState<PaypalSandboxState>('paypal', () => ({
  signingKey: randomBytes(32).toString('hex'),
  tokens: {},
  orders: {},
  requestIds: {},
  events: [],
}));

const TOKEN_SECONDS = 32_400;
const AUTH_ALGO = 'SHA256withRSA';
const CERT_NAME = 'CERT-360caa42-fca2a594-sandbox';
const PAYPAL_ID = /^[A-Z0-9]{17}$/;
const VALUE = /^\d{1,7}(\.\d{2})?$/;

const sandboxBase = (): string => `${env.publicUrl}/sandbox/paypal`;
const apiBase = (): string => env.payments.paypal.apiUrl;
const webhookUrl = (): string => `${env.publicUrl}/api/v1/payments/paypal/webhook`;
const now = (): string => new Date().toISOString();

/** PayPal's ids: 17 upper-case letters and digits. */
function paypalId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return [...randomBytes(17)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export interface SandboxAnswer {
  status: number;
  body: unknown;
}

const debugId = (): string => randomBytes(7).toString('hex');

function failure(
  status: number,
  name: string,
  message: string,
  issue?: string,
  description?: string,
): SandboxAnswer {
  return {
    status,
    body: {
      name,
      message,
      debug_id: debugId(),
      ...(issue ? { details: [{ issue, description: description ?? message }] } : {}),
    },
  };
}

const invalidRequest = (issue: string, description: string): SandboxAnswer =>
  failure(
    400,
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
    issue,
    description,
  );
const unprocessable = (issue: string, description: string): SandboxAnswer =>
  failure(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    issue,
    description,
  );
const resourceNotFound = (): SandboxAnswer =>
  failure(
    404,
    'RESOURCE_NOT_FOUND',
    'The specified resource does not exist.',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist.',
  );

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `POST /v1/oauth2/token` with Basic client credentials and `grant_type=client_credentials`. */
export function issuePaypalToken(authorization: string | null, form: URLSearchParams): SandboxAnswer {
  const { clientId, clientSecret } = env.payments.paypal;
  const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  if (!authorization || !sameText(authorization, expected))
    return {
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
    };
  if (form.get('grant_type') !== 'client_credentials')
    return {
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
    };
  const state = store.get();
  const token = `A21AA${randomBytes(48).toString('base64url')}`;
  const nowMs = Date.now();
  for (const [key, expiresAt] of Object.entries(state.tokens))
    if (expiresAt < nowMs) delete state.tokens[key];
  state.tokens[token] = nowMs + TOKEN_SECONDS * 1000;
  store.save();
  return {
    status: 200,
    body: {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: TOKEN_SECONDS,
      nonce: `${now()}${randomBytes(8).toString('hex')}`,
    },
  };
}

/** Null when the bearer token is one this simulator issued and still valid, else PayPal's 401. */
export function checkPaypalBearer(authorization: string | null): SandboxAnswer | null {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const expiresAt = token ? store.get().tokens[token] : undefined;
  if (expiresAt && expiresAt > Date.now()) return null;
  return {
    status: 401,
    body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
  };
}

function orderLinks(order: SandboxOrder): { href: string; rel: string; method: string }[] {
  const self = `${apiBase()}/v2/checkout/orders/${order.id}`;
  const links = [{ href: self, rel: 'self', method: 'GET' }];
  if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED')
    links.push({
      href: `${sandboxBase()}/checkoutnow?token=${order.id}`,
      rel: order.paymentSource ? 'payer-action' : 'approve',
      method: 'GET',
    });
  if (order.status !== 'COMPLETED') {
    links.push({ href: self, rel: 'update', method: 'PATCH' });
    links.push({ href: `${self}/capture`, rel: 'capture', method: 'POST' });
  }
  return links;
}

function captureJson(capture: SandboxCapture, orderId: string): Record<string, unknown> {
  const self = `${apiBase()}/v2/payments/captures/${capture.id}`;
  return {
    ...capture,
    seller_protection: {
      status: 'ELIGIBLE',
      dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
    },
    supplementary_data: { related_ids: { order_id: orderId } },
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `${self}/refund`, rel: 'refund', method: 'POST' },
      { href: `${apiBase()}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
    ],
  };
}

function orderJson(order: SandboxOrder): Record<string, unknown> {
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    ...(order.payerId
      ? {
          payer: {
            payer_id: order.payerId,
            name: { given_name: 'Sandbox', surname: 'Buyer' },
            email_address: 'sandbox-buyer@example.com',
          },
        }
      : {}),
    purchase_units: [
      {
        reference_id: order.referenceId,
        custom_id: order.customId,
        description: order.description,
        amount: order.amount,
        payee: { merchant_id: 'SANDBOXMERCHANT01' },
        ...(order.capture ? { payments: { captures: [captureJson(order.capture, order.id)] } } : {}),
      },
    ],
    create_time: order.createTime,
    update_time: order.updateTime,
    links: orderLinks(order),
  };
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `POST /v2/checkout/orders`: intent CAPTURE, one purchase unit; 201 with the order and its approve link. */
export function createPaypalOrder(body: Record<string, unknown>, requestId: string | null): SandboxAnswer {
  const state = store.get();
  const repeated = requestId ? state.orders[state.requestIds[requestId] ?? ''] : undefined;
  if (repeated) return { status: 200, body: orderJson(repeated) };
  if (body.intent !== 'CAPTURE')
    return unprocessable('UNSUPPORTED_INTENT', 'The sandbox supports intent CAPTURE.');
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length !== 1)
    return invalidRequest('MISSING_REQUIRED_PARAMETER', 'Exactly one purchase unit is expected.');
  const unit = record(units[0]);
  const amount = record(unit.amount);
  const value = text(amount.value);
  if (text(amount.currency_code).length !== 3 || !VALUE.test(value) || Number(value) <= 0)
    return invalidRequest('INVALID_PARAMETER_VALUE', 'The amount is not valid.');
  const paypalSource = record(record(body.payment_source).paypal);
  const context =
    Object.keys(paypalSource).length > 0
      ? record(paypalSource.experience_context)
      : record(body.application_context);
  const returnUrl = text(context.return_url);
  const cancelUrl = text(context.cancel_url);
  if (!returnUrl || !cancelUrl)
    return invalidRequest(
      'MISSING_REQUIRED_PARAMETER',
      'return_url and cancel_url are required for a redirect checkout.',
    );
  for (const [name, url] of [
    ['return_url', returnUrl],
    ['cancel_url', cancelUrl],
  ] as const)
    if (!isOwnUrl(url)) return invalidRequest('INVALID_PARAMETER_VALUE', notOwnUrlMessage(name));

  const order: SandboxOrder = {
    id: paypalId(),
    status: Object.keys(paypalSource).length > 0 ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
    paymentSource: Object.keys(paypalSource).length > 0,
    landingPage: text(context.landing_page) || 'NO_PREFERENCE',
    referenceId: text(unit.reference_id) || 'default',
    customId: text(unit.custom_id),
    description: text(unit.description),
    amount: { currency_code: text(amount.currency_code), value: Number(value).toFixed(2) },
    returnUrl,
    cancelUrl,
    payerId: null,
    capture: null,
    createTime: now(),
    updateTime: now(),
  };
  state.orders[order.id] = order;
  if (requestId) state.requestIds[requestId] = order.id;
  store.save();
  return { status: 201, body: orderJson(order) };
}

/** `GET /v2/checkout/orders/{id}`. */
export function getPaypalOrder(id: string): SandboxAnswer {
  const order = store.get().orders[id];
  return order ? { status: 200, body: orderJson(order) } : resourceNotFound();
}

/** What the approve page shows. */
export interface ApprovalView {
  id: string;
  status: SandboxOrder['status'];
  description: string;
  amount: Amount;
  /** The card form (GUEST_CHECKOUT) rather than the PayPal account. */
  card: boolean;
  declined: boolean;
}

export function paypalApprovalView(id: string): ApprovalView | null {
  const order = PAYPAL_ID.test(id) ? store.get().orders[id] : undefined;
  return order
    ? {
        id: order.id,
        status: order.status,
        description: order.description,
        amount: order.amount,
        card: order.landingPage === 'GUEST_CHECKOUT',
        declined: order.declined === true,
      }
    : null;
}

const withQuery = (target: string, params: Record<string, string>): string => {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
};

/**
 * The buyer's decision on the approve page. Pay approves the order and returns
 * to return_url with `?token={orderId}&PayerID=…`; Cancel goes to cancel_url
 * with `?token=`. An order decided before only repeats its redirect. Decline (the card form)
 * keeps the buyer on PayPal's page with the order open, as PayPal does with a declined card:
 * the merchant hears nothing.
 */
export function decidePaypalOrder(id: string, action: 'pay' | 'cancel' | 'decline'): string | null {
  const state = store.get();
  const order = state.orders[id];
  if (!order) return null;
  const open = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
  if (action === 'cancel' && open) return withQuery(order.cancelUrl, { token: order.id });
  if (action === 'decline') {
    if (!open) return null;
    order.declined = true;
    store.save();
    return `${sandboxBase()}/checkoutnow?token=${order.id}`;
  }
  if (open) {
    order.declined = false;
    order.status = 'APPROVED';
    order.payerId = paypalId().slice(0, 13);
    order.updateTime = now();
    store.save();
  }
  return withQuery(order.returnUrl, { token: order.id, PayerID: order.payerId ?? '' });
}

/**
 * `POST /v2/checkout/orders/{id}/capture`: only an approved order, only once
 * (then 422 ORDER_ALREADY_CAPTURED, as PayPal answers). After a capture the
 * PAYMENT.CAPTURE.COMPLETED webhook is sent, in the background as PayPal does.
 */
export function capturePaypalSandboxOrder(id: string): SandboxAnswer {
  const state = store.get();
  const order = state.orders[id];
  if (!order) return resourceNotFound();
  if (order.status === 'COMPLETED')
    return unprocessable(
      'ORDER_ALREADY_CAPTURED',
      "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
    );
  if (order.status !== 'APPROVED')
    return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
  const time = now();
  order.capture = {
    id: paypalId(),
    status: 'COMPLETED',
    amount: order.amount,
    final_capture: true,
    custom_id: order.customId,
    create_time: time,
    update_time: time,
  };
  order.status = 'COMPLETED';
  order.updateTime = time;
  const event = captureEvent(order, order.capture);
  state.events.push({ event, deliveries: [] });
  store.save();
  void deliverWebhook(event);
  return { status: 201, body: orderJson(order) };
}

function captureEvent(order: SandboxOrder, capture: SandboxCapture): Record<string, unknown> {
  const id = `WH-${paypalId()}-${paypalId()}`;
  const self = `${apiBase()}/v1/notifications/webhooks-events/${id}`;
  return {
    id,
    event_version: '1.0',
    create_time: now(),
    resource_type: 'capture',
    resource_version: '2.0',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    summary: `Payment completed for $ ${capture.amount.value} ${capture.amount.currency_code}`,
    resource: captureJson(capture, order.id),
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `${self}/resend`, rel: 'resend', method: 'POST' },
    ],
  };
}

/** PayPal signs `transmissionId|time|webhookId|crc32(body)`; the simulator signs the same string with its key. */
function signature(transmissionId: string, time: string, webhookId: string, body: string): string {
  const message = `${transmissionId}|${time}|${webhookId}|${crc32(body)}`;
  return createHmac('sha256', store.get().signingKey).update(message).digest('base64');
}

/** Sends an event to our webhook endpoint with PayPal's transmission headers; resolves to its answer's status. */
async function deliverWebhook(event: Record<string, unknown>): Promise<number | null> {
  const body = JSON.stringify(event);
  const transmissionId = randomUUID();
  const time = now();
  const entry = store.get().events.find((e) => e.event.id === event.id);
  const delivery: SandboxEvent['deliveries'][number] = { transmissionId, status: null };
  entry?.deliveries.push(delivery);
  let status: number | null = null;
  try {
    const response = await fetch(webhookUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': AUTH_ALGO,
        'paypal-cert-url': `${apiBase()}/v1/notifications/certs/${CERT_NAME}`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature(transmissionId, time, env.payments.paypal.webhookId, body),
        'paypal-transmission-time': time,
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    log.warn(
      { area: 'sandbox', gateway: 'paypal', eventId: String(event.id), err: error },
      'Simulated webhook not delivered',
    );
  }
  // A status of 0 marks an attempt that ended without an answer, so pollers see it finished.
  delivery.status = status ?? 0;
  store.save();
  return status;
}

/**
 * `POST /v1/notifications/verify-webhook-signature`: SUCCESS only for a
 * transmission this simulator sent, unchanged, for our webhook id.
 */
export function verifyPaypalSandboxWebhook(body: Record<string, unknown>): SandboxAnswer {
  const event = record(body.webhook_event);
  const transmissionId = text(body.transmission_id);
  const time = text(body.transmission_time);
  const webhookId = text(body.webhook_id);
  const given = text(body.transmission_sig);
  const expected = signature(transmissionId, time, webhookId, JSON.stringify(event));
  const genuine =
    text(body.auth_algo) === AUTH_ALGO &&
    text(body.cert_url) === `${apiBase()}/v1/notifications/certs/${CERT_NAME}` &&
    webhookId === env.payments.paypal.webhookId &&
    sameText(given, expected) &&
    store.get().events.some((e) => e.deliveries.some((d) => d.transmissionId === transmissionId));
  return { status: 200, body: { verification_status: genuine ? 'SUCCESS' : 'FAILURE' } };
}

/**
 * `GET /v1/notifications/webhooks-events`, newest first. Each event carries a
 * sandbox-only `sandbox_deliveries` (our endpoint's answers), so a test can
 * tell when a webhook has been handled.
 */
export function listPaypalSandboxEvents(): SandboxAnswer {
  const events = [...store.get().events]
    .reverse()
    .map((e) => ({ ...e.event, sandbox_deliveries: e.deliveries.map((d) => ({ ...d })) }));
  return { status: 200, body: { events, count: events.length } };
}

/** `POST /v1/notifications/webhooks-events/{id}/resend`: sends the event again (awaited here), 202. */
export async function resendPaypalSandboxEvent(id: string): Promise<SandboxAnswer> {
  const entry = store.get().events.find((e) => e.event.id === id);
  if (!entry) return resourceNotFound();
  await deliverWebhook(entry.event);
  return { status: 202, body: entry.event };
}

/**
 * `POST /v2/payments/captures/{capture_id}/refund`: refunds part or all of a completed capture
 * (the amount given, else what remains), at most what remains; a repeated PayPal-Request-Id
 * answers the first refund. Answers PayPal's refund resource, 201.
 */
export function refundPaypalSandboxCapture(
  captureId: string,
  body: Record<string, unknown>,
  requestId: string | null,
): SandboxAnswer {
  const order = Object.values(store.get().orders).find((o) => o.capture?.id === captureId);
  if (!order?.capture) return resourceNotFound();
  const paidCents = Math.round(Number(order.capture.amount.value) * 100);
  const amount = body.amount === undefined ? null : record(body.amount);
  const value = amount ? text(amount.value) : '';
  if (amount && (!VALUE.test(value) || text(amount.currency_code) !== order.capture.amount.currency_code))
    return invalidRequest(
      'INVALID_PARAMETER_VALUE',
      'The amount or its currency is not valid for this capture.',
    );
  const refunded = sandboxRefundsOf('paypal', captureId).reduce((sum, r) => sum + r.amountCents, 0);
  const amountCents = amount ? Math.round(Number(value) * 100) : paidCents - refunded;
  const result = sandboxRefund({
    gateway: 'paypal',
    paymentId: captureId,
    paidCents,
    amountCents,
    reason: text(body.note_to_payer),
    key: requestId,
  });
  if (!result.ok)
    return unprocessable(
      result.message.includes('exceeds') ? 'REFUND_AMOUNT_EXCEEDED' : 'REFUND_FAILED_INSUFFICIENT_FUNDS',
      result.message,
    );
  const time = result.refund.createdAt;
  return {
    status: 201,
    body: {
      id: result.refund.id.replace(/-/g, '').slice(0, 17).toUpperCase(),
      status: 'COMPLETED',
      amount: {
        value: (result.refund.amountCents / 100).toFixed(2),
        currency_code: order.capture.amount.currency_code,
      },
      invoice_id: text(body.invoice_id) || undefined,
      note_to_payer: text(body.note_to_payer) || undefined,
      create_time: time,
      update_time: time,
      links: [{ href: `${apiBase()}/v2/payments/refunds/${result.refund.id}`, rel: 'self', method: 'GET' }],
    },
  };
}

/**
 * The simulator's stand-in for a buyer who disputes a capture with PayPal, and for PayPal deciding
 * it: sends `CUSTOMER.DISPUTE.CREATED` or `CUSTOMER.DISPUTE.RESOLVED` (with `dispute_outcome`) to our
 * webhook, signed like every other event, with PayPal's dispute resource (v1/customer/disputes).
 * Sandbox only: in PayPal, buyers open disputes and PayPal resolves them.
 */
export async function paypalSandboxDispute(
  captureId: string,
  action: 'create' | 'resolve-seller' | 'resolve-buyer',
  disputeId: string | null,
): Promise<SandboxAnswer> {
  const state = store.get();
  const order = Object.values(state.orders).find((o) => o.capture?.id === captureId);
  if (!order?.capture) return resourceNotFound();
  const id = disputeId ?? `PP-D-${paypalId().slice(0, 8)}`;
  const time = now();
  const outcome =
    action === 'create'
      ? null
      : { outcome_code: action === 'resolve-seller' ? 'RESOLVED_SELLER_FAVOUR' : 'RESOLVED_BUYER_FAVOUR' };
  const eventId = `WH-${paypalId()}-${paypalId()}`;
  const self = `${apiBase()}/v1/notifications/webhooks-events/${eventId}`;
  const event: Record<string, unknown> = {
    id: eventId,
    event_version: '1.0',
    create_time: time,
    resource_type: 'dispute',
    event_type: action === 'create' ? 'CUSTOMER.DISPUTE.CREATED' : 'CUSTOMER.DISPUTE.RESOLVED',
    summary: action === 'create' ? 'A new dispute opened' : 'A dispute was resolved',
    resource: {
      dispute_id: id,
      create_time: time,
      update_time: time,
      disputed_transactions: [
        { seller_transaction_id: captureId, custom: order.customId, gross_amount: order.capture.amount },
      ],
      reason: 'UNAUTHORISED',
      status: action === 'create' ? 'OPEN' : 'RESOLVED',
      dispute_amount: order.capture.amount,
      ...(outcome ? { dispute_outcome: outcome } : {}),
      links: [{ href: `${apiBase()}/v1/customer/disputes/${id}`, rel: 'self', method: 'GET' }],
    },
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `${self}/resend`, rel: 'resend', method: 'POST' },
    ],
  };
  state.events.push({ event, deliveries: [] });
  store.save();
  const status = await deliverWebhook(event);
  return { status: 200, body: { dispute_id: id, event_id: eventId, delivered: status } };
}
