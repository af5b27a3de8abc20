import type { APIRoute } from 'astro';
import { notFound } from '~/lib/server/http/errors';
import { errorResponse, ok } from '~/lib/server/http/responses';
import { listOutbox } from '~/lib/server/mail/outbox';
import { outboxAvailable } from '~/lib/server/platform/devTools';

/** GET /dev/outbox.json?to=<email>: outbox messages, newest first (tests follow mail links with it). */
export const GET: APIRoute = async (ctx) => {
  if (!outboxAvailable(ctx)) return errorResponse(notFound(), ctx.locals.requestId);
  const to = ctx.url.searchParams.get('to')?.trim();
  return ok(await listOutbox(to ? { to } : {}), undefined, { headers: { 'x-robots-tag': 'noindex' } });
};
