import type { APIRoute } from 'astro';
import { getOutboxAttachment } from '~/lib/server/mail/outbox';
import { outboxAvailable } from '~/lib/server/platform/devTools';

/** An outbox message's attachment (a receipt's PDF), as a download: never shown inline on this origin. */
export const GET: APIRoute = async (ctx) => {
  const attachment = !outboxAvailable(ctx)
    ? null
    : await getOutboxAttachment(ctx.params.id ?? '', ctx.params.index ?? '');
  if (!attachment)
    return new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain' } });
  const filename = attachment.filename.replace(/[^\w.-]+/g, '_');
  return new Response(new Uint8Array(attachment.content), {
    headers: {
      'content-type': attachment.contentType,
      'content-disposition': `attachment; filename="${filename}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
    },
  });
};
