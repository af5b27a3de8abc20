import { env } from '../env';

/** Ozow and PayPal simulator answers: bare JSON as the gateways send it (no envelope); a 404 when the simulator is off. */

export function sandboxJson(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** A 404 when the simulator is off (production, or PAYMENT_SANDBOX=false); null when it is on. */
export function simulatorOff(): Response | null {
  return env.payments.sandboxEnabled ? null : new Response('Not found', { status: 404 });
}

/** A JSON request body as an object; anything else is an empty object (the simulator then answers PayPal's 400). */
export async function sandboxBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = await request.json();
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
