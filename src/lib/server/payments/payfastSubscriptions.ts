import { env } from '~/lib/server/platform/env';
import { payfastApiSignature } from './payfastSignature';

/**
 * PayFast's subscription API (`${PAYFAST_API_URL}/subscriptions/{token}/…`), as its
 * REST documentation describes it: headers merchant-id, version v1, timestamp and a
 * signature over the headers, the body fields and the passphrase. Set
 * PAYFAST_API_TESTING=true to add `?testing=true` (PayFast's sandbox on the live API host).
 */

const API_VERSION = 'v1';
const TIMEOUT_MS = 15_000;

/** An ISO-8601 timestamp without milliseconds, as PayFast's examples show it. */
function timestamp(now: Date = new Date()): string {
  return `${now.toISOString().slice(0, 19)}+00:00`;
}

async function callSubscriptionApi(
  method: 'PUT' | 'PATCH',
  token: string,
  action: 'cancel' | 'update',
  body: Record<string, string | number> = {},
): Promise<void> {
  const config = env.payments.payfast;
  const headers: Record<string, string> = {
    'merchant-id': config.merchantId,
    version: API_VERSION,
    timestamp: timestamp(),
  };
  const signed = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, String(value)]));
  headers.signature = payfastApiSignature({ ...headers, ...signed }, config.passphrase);
  const testing = config.apiTesting ? '?testing=true' : '';
  const url = `${config.apiUrl}/subscriptions/${encodeURIComponent(token)}/${action}${testing}`;
  const hasBody = Object.keys(body).length > 0;
  const response = await fetch(url, {
    method,
    headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
    body: hasBody ? JSON.stringify(body) : null,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`PayFast ${action} of subscription ${token} answered HTTP ${response.status}: ${text}`);
  }
}

/** Stops a subscription at PayFast: no further charges. Throws when PayFast refuses. */
export async function cancelPayfastSubscription(token: string): Promise<void> {
  await callSubscriptionApi('PUT', token, 'cancel');
}

/**
 * Changes a subscription's monthly amount, its number of remaining cycles (0 = until
 * cancelled) and its next run date (YYYY-MM-DD). PayFast takes the amount in cents.
 */
export async function updatePayfastSubscription(
  token: string,
  change: { amountCents: number; cycles: number; runDate: string },
): Promise<void> {
  await callSubscriptionApi('PATCH', token, 'update', {
    amount: change.amountCents,
    cycles: change.cycles,
    frequency: 3,
    run_date: change.runDate,
  });
}
