import type { APIContext } from 'astro';
import { sandboxAvailable } from '~/lib/server/platform/devTools';
import { env } from '~/lib/server/platform/env';

/** Small HTTP helpers shared by the gateway simulators under /sandbox. */

/**
 * The simulators exist only outside production, only when PAYMENT_SANDBOX is not false, and only
 * for requests from this machine (platform/devTools.ts): else a 404.
 */
export function sandboxOff(ctx: Pick<APIContext, 'clientAddress' | 'request'>): Response | null {
  if (sandboxAvailable(ctx)) return null;
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

/**
 * Whether `value` is an http(s) address on this site (PUBLIC_URL's origin). The simulators post
 * notifications and send browsers only there: anything else would make them a way to reach
 * another server from this one, or an open redirect.
 */
export function isOwnUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === new URL(env.publicUrl).origin
    );
  } catch {
    return false;
  }
}

/** The simulator's message for a notify, return or cancel address on another site. */
export const notOwnUrlMessage = (field: string): string =>
  `${field} must be an address on this site (${new URL(env.publicUrl).origin}): the simulator only notifies and returns to the site it runs in.`;

/**
 * A simulated hosted payment page's request (the donation form posts to it): its form fields, or
 * `refused` with what to answer instead (the 404 page off the sandbox, 405 with `hint` but for POST).
 */
export async function sandboxPostedForm(
  ctx: Pick<APIContext, 'clientAddress' | 'request' | 'rewrite'>,
  hint: string,
): Promise<{ form: Record<string, string> } | { refused: Response }> {
  if (!sandboxAvailable(ctx)) return { refused: await ctx.rewrite('/404') };
  if (ctx.request.method !== 'POST')
    return { refused: new Response(hint, { status: 405, headers: { allow: 'POST' } }) };
  return { form: Object.fromEntries(new URLSearchParams(await ctx.request.text())) };
}
