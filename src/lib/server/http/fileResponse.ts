import type { OpenedFile } from '~/lib/server/platform/files';

// Served bytes are never a document of this site: nothing in them may run or frame.
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => [etag, `W/${etag}`, '*'].includes(tag.trim()));
}

/**
 * The answer carrying a stored file's bytes (or 304 on a matching ETag): private files are
 * never cached by shared caches and come as an attachment under their uploaded name.
 */
export async function fileResponse(file: OpenedFile, request: Request): Promise<Response> {
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
  if (matchesEtag(request.headers.get('if-none-match'), file.etag)) {
    await file.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-length', String(file.size));
  return new Response(file.body, { headers });
}
