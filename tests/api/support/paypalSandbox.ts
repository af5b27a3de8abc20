import { expect } from 'vitest';
import { baseUrl } from './http';

// PayPal's simulator as a merchant calls it. The server under test uses the default sandbox
// PayPal credentials (src/lib/server/platform/env.ts).
const CLIENT = 'sandbox-client-id:sandbox-client-secret';

/** A token for the simulator's API, as a merchant would get it. */
export async function paypalSandboxToken(): Promise<string> {
  const res = await fetch(`${baseUrl}/sandbox/paypal/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(CLIENT).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The simulator's REST API with a token; a POST sends `body` as JSON. */
export async function paypalSandboxApi<T = unknown>(
  method: 'GET' | 'POST',
  apiPath: string,
  token: string,
  body: unknown = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}/sandbox/paypal${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T };
}
