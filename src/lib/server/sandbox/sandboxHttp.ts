import { env } from '~/lib/server/platform/env';

/** Small HTTP helpers shared by the gateway simulators under /sandbox. */

/** The simulators exist only outside production, and only when PAYMENT_SANDBOX is not false: else a 404. */
export function sandboxOff(): Response | null {
  if (env.payments.sandboxEnabled) return null;
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** A JSON answer in the simulated gateway's own shape (not our API envelope). */
export function sandboxJson(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** A JSON request body as an object; anything else (empty, malformed, not an object) is `{}`. */
export async function sandboxBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(await request.text());
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A plain-text answer (PayFast's `VALID` / `INVALID`, simple errors). */
export function sandboxText(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}
