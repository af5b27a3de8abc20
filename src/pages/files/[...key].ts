import type { APIRoute } from 'astro';
import { openStoredFile } from '~/lib/server/platform/files';

// Served bytes are never a document of this site: nothing in them may run or frame.
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

const notFound = (): Response =>
  new Response('Not found.', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => [etag, `W/${etag}`, '*'].includes(tag.trim()));
}

/** Stored files by key; private ones only to their owner or an admin, and a 404 to everyone else. */
export const GET: APIRoute = async (ctx) => {
  const file = await openStoredFile(ctx.params.key ?? '', ctx.locals.user);
  if (!file) return notFound();
  const headers = new Headers({
    'content-type': file.contentType,
    etag: file.etag,
    'content-security-policy': FILE_CSP,
    // Public keys are never reused for other bytes; private ones depend on who asks.
    'cache-control': file.isPrivate ? 'private, no-store' : 'public, max-age=31536000, immutable',
  });
  if (file.isPrivate) {
    headers.set('vary', 'Authorization');
    headers.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  }
  if (matchesEtag(ctx.request.headers.get('if-none-match'), file.etag)) {
    await file.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-length', String(file.size));
  return new Response(file.body, { headers });
};
