import { expect } from 'vitest';
import { snapscanAuthorizationHeader } from '~/lib/server/payments/snapscanSignature';
import { baseUrl, page } from './http';

// SnapScan's side of the payment tests. The server under test runs with the default (sandbox)
// SnapScan credentials of src/lib/server/platform/env.ts.
export const SNAPSCAN_WEBHOOK_AUTH_KEY = 'sandbox-webhook-auth-key';
const API_KEY = 'sandbox-api-key';

/** One payment as the simulator's Payments API lists it. */
export interface ListedSnapscanPayment {
  id: number;
  status: string;
  totalAmount: number;
  tipAmount: number;
  merchantReference: string;
  userReference: string | null;
}

/** SnapScan's Payments API (the simulator's) for `reference`, newest first, as our server calls it. */
export async function snapscanPayments(reference: string): Promise<ListedSnapscanPayment[]> {
  const res = await fetch(
    `${baseUrl}/sandbox/snapscan/merchant/api/v1/payments?merchantReference=${encodeURIComponent(reference)}`,
    { headers: { Authorization: `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}` } },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as ListedSnapscanPayment[];
}

/** Posts a webhook as SnapScan does: form-encoded `payload=<JSON>`, signed (with `key`) in Authorization. */
export async function snapscanWebhook(payment: object, key = SNAPSCAN_WEBHOOK_AUTH_KEY): Promise<number> {
  const body = new URLSearchParams({ payload: JSON.stringify(payment) }).toString();
  const res = await page('/api/v1/payments/snapscan/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: snapscanAuthorizationHeader(body, key),
    },
    body,
  });
  return res.status;
}

export { raisedOn } from './campaigns';
