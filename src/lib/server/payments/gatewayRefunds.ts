import { decimalOfCents } from '~/lib/money';
import { env } from '~/lib/server/platform/env';
import { ozowRefundHash } from './ozowHash';
import { payfastApiSignature } from './payfastSignature';
import { PaypalApiError, paypalRequest } from './paypalClient';
import type { GatewayRefundRequest, GatewayRefundResult } from './types';

/**
 * Each gateway's own refund call, as its documentation describes it (docs/api/refunds.md cites
 * them). Each answers `refunded` with the gateway's refund id, or `refused` with what the gateway
 * said; a network failure throws (the ledger row stays Pending for staff to look at, and a retry
 * with the same key is safe where the gateway takes one).
 */

const TIMEOUT_MS = 15_000;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { message: text };
  } catch {
    return { message: text.slice(0, 300) };
  }
}

const messageOf = (body: Record<string, unknown>, fallback: string): string => {
  const data = body.data as Record<string, unknown> | undefined;
  const candidates = [body.message, body.errorMessage, data?.response, data?.message, body.error];
  const found = candidates.find((c) => typeof c === 'string' && c.trim() !== '');
  return typeof found === 'string' ? found : fallback;
};

/** PayFast: `POST {PAYFAST_API_URL}/refunds/{pf_payment_id}` with the API's header signature; amount in cents. */
export async function refundAtPayfast(request: GatewayRefundRequest): Promise<GatewayRefundResult> {
  if (!request.gatewayPaymentId) return { kind: 'refused', message: 'PayFast’s payment id is missing.' };
  const config = env.payments.payfast;
  const body = {
    amount: String(request.amountCents),
    reason: request.reason.slice(0, 255),
    notify_buyer: '1',
  };
  const headers: Record<string, string> = {
    'merchant-id': config.merchantId,
    version: 'v1',
    timestamp: `${new Date().toISOString().slice(0, 19)}+00:00`,
  };
  headers.signature = payfastApiSignature({ ...headers, ...body }, config.passphrase);
  const testing = config.apiTesting ? '?testing=true' : '';
  const response = await fetch(
    `${config.apiUrl}/refunds/${encodeURIComponent(request.gatewayPaymentId)}${testing}`,
    {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  const answer = await readJson(response);
  if (response.status >= 500) throw new Error(`PayFast's refunds API answered ${response.status}`);
  const refund = (answer.data as { response?: { id?: unknown } } | undefined)?.response;
  if (!response.ok || typeof refund?.id !== 'string')
    return {
      kind: 'refused',
      message: `PayFast refused the refund: ${messageOf(answer, `HTTP ${response.status}`)}`,
    };
  return { kind: 'refunded', externalReference: refund.id };
}

/** Ozow: `POST {OZOW_API_URL}/secure/refunds/submitrefund` with the ApiKey header and a HashCheck over the refund's fields. */
export async function refundAtOzow(request: GatewayRefundRequest): Promise<GatewayRefundResult> {
  if (!request.gatewayPaymentId) return { kind: 'refused', message: 'Ozow’s transaction id is missing.' };
  const { apiUrl, siteCode, apiKey, privateKey } = env.payments.ozow;
  const fields = {
    SiteCode: siteCode,
    TransactionId: request.gatewayPaymentId,
    Amount: decimalOfCents(request.amountCents),
    RefundReason: request.reason.slice(0, 100),
  };
  const response = await fetch(`${apiUrl}/secure/refunds/submitrefund`, {
    method: 'POST',
    headers: { ApiKey: apiKey, Accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ ...fields, HashCheck: ozowRefundHash(fields, privateKey) }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = await readJson(response);
  if (response.status >= 500) throw new Error(`Ozow's refund API answered ${response.status}`);
  const refundId = answer.refundId;
  if (!response.ok || typeof refundId !== 'string' || answer.refundStatus === 'Error')
    return {
      kind: 'refused',
      message: `Ozow refused the refund: ${messageOf(answer, `HTTP ${response.status}`)}`,
    };
  return { kind: 'refunded', externalReference: refundId };
}

/** PayPal: `POST /v2/payments/captures/{capture_id}/refund` with PayPal-Request-Id (PayPal's idempotency). */
export async function refundAtPaypal(request: GatewayRefundRequest): Promise<GatewayRefundResult> {
  if (!request.gatewayPaymentId) return { kind: 'refused', message: 'PayPal’s capture id is missing.' };
  try {
    const refund = await paypalRequest<{ id?: unknown; status?: unknown }>(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(request.gatewayPaymentId)}/refund`,
      {
        amount: {
          value: decimalOfCents(request.amountCents),
          currency_code: request.currencyId === 2 ? 'USD' : 'ZAR',
        },
        note_to_payer: request.reason.slice(0, 255),
        invoice_id: request.reference,
      },
      { 'PayPal-Request-Id': request.idempotencyKey },
    );
    if (typeof refund.id !== 'string' || refund.status === 'FAILED' || refund.status === 'CANCELLED')
      return { kind: 'refused', message: `PayPal did not complete the refund (${String(refund.status)}).` };
    return { kind: 'refunded', externalReference: refund.id };
  } catch (error) {
    if (error instanceof PaypalApiError && error.status < 500)
      return {
        kind: 'refused',
        message: `PayPal refused the refund: ${error.issue ?? `HTTP ${error.status}`}`,
      };
    throw error;
  }
}

/** SnapScan: `POST {SNAPSCAN_API_URL}/refunds` with HTTP basic auth (the API key); amount in cents. */
export async function refundAtSnapscan(request: GatewayRefundRequest): Promise<GatewayRefundResult> {
  if (!request.gatewayPaymentId) return { kind: 'refused', message: 'SnapScan’s payment id is missing.' };
  const { apiUrl, apiKey } = env.payments.snapscan;
  const response = await fetch(`${apiUrl}/refunds`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`,
      Accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      paymentId: request.gatewayPaymentId,
      amount: String(request.amountCents),
      reason: request.reason.slice(0, 255),
      merchantReference: request.idempotencyKey,
    }).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = await readJson(response);
  if (response.status >= 500) throw new Error(`SnapScan's refunds API answered ${response.status}`);
  if (!response.ok || answer.id === undefined)
    return {
      kind: 'refused',
      message: `SnapScan refused the refund: ${messageOf(answer, `HTTP ${response.status}`)}`,
    };
  return { kind: 'refunded', externalReference: String(answer.id) };
}
