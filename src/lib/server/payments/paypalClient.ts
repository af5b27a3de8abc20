import { env } from '~/lib/server/platform/env';

/**
 * PayPal's REST API with an OAuth client-credentials token (`POST /v1/oauth2/token`),
 * kept until shortly before it expires so each call does not log in again.
 */

interface CachedToken {
  apiUrl: string;
  value: string;
  expiresAt: number;
}

let cached: CachedToken | null = null;

/** Renew a minute early so a token never expires between reading and using it. */
const EXPIRY_MARGIN_MS = 60_000;
const TIMEOUT_MS = 15_000;

/** A PayPal answer that was not 2xx; `issue` is the first of `details[].issue` (e.g. ORDER_ALREADY_CAPTURED). */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`PayPal answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    this.name = 'PaypalApiError';
  }

  get issue(): string | null {
    const details = (this.body as { details?: { issue?: unknown }[] } | null)?.details;
    const issue = Array.isArray(details) ? details[0]?.issue : undefined;
    return typeof issue === 'string' ? issue : null;
  }
}

async function parsed(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function accessToken(): Promise<string> {
  const { apiUrl, clientId, clientSecret } = env.payments.paypal;
  if (cached && cached.apiUrl === apiUrl && cached.expiresAt > Date.now()) return cached.value;
  const response = await fetch(`${apiUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: 'grant_type=client_credentials',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = await parsed(response);
  if (!response.ok) throw new PaypalApiError(response.status, body);
  const { access_token: value, expires_in: expiresIn } = body as {
    access_token?: unknown;
    expires_in?: unknown;
  };
  if (typeof value !== 'string') throw new PaypalApiError(response.status, body);
  const seconds = typeof expiresIn === 'number' ? expiresIn : 0;
  cached = { apiUrl, value, expiresAt: Date.now() + seconds * 1000 - EXPIRY_MARGIN_MS };
  return value;
}

/** Forgets the cached token (a 401 means PayPal no longer knows it). */
export function forgetPaypalToken(): void {
  cached = null;
}

/** Calls `${PAYPAL_API_URL}${path}` with the bearer token and JSON; throws PaypalApiError on a non-2xx answer. */
export async function paypalRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const token = await accessToken();
    const response = await fetch(`${env.payments.paypal.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 401 && attempt === 0) {
      forgetPaypalToken();
      continue;
    }
    const answer = await parsed(response);
    if (!response.ok) throw new PaypalApiError(response.status, answer);
    return answer as T;
  }
}
