import type { APIRoute } from 'astro';
import { getOutboxMessage } from '~/lib/server/mail/outbox';
import { outboxAvailable } from '~/lib/server/platform/devTools';

// A mail's HTML as a client shows it: its inline styles may apply, nothing may run, and the
// sandbox gives it an opaque origin, away from this site's storage (where the tokens are).
const MAIL_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; sandbox";

export const GET: APIRoute = async (ctx) => {
  const message = !outboxAvailable(ctx) ? null : await getOutboxMessage(ctx.params.id ?? '');
  if (!message) return new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(message.html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': MAIL_CSP,
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
    },
  });
};
