// Serving a stored public page (server/pageStore.ts) straight from memory: the already compressed
// body, or 304 when the browser's copy is still current.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { type Encoding, preferredEncoding } from './encoding.ts';
import type { CachedPage } from './pageStore.ts';
import { requestIdFor } from './requestId.ts';

/** The cache key of a request the cache may answer, or undefined: GET or HEAD, and no credentials. */
export function pageCacheKey(req: IncomingMessage): string | undefined {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization) return undefined;
  return `${req.headers.host ?? ''}${req.url ?? '/'}`;
}

type Variant = Encoding | 'identity';
// Headers for each encoding, built on a page's first hit rather than on every one.
const headersOf = new WeakMap<CachedPage, Partial<Record<Variant, OutgoingHttpHeaders>>>();

function headersFor(page: CachedPage, variant: Variant): OutgoingHttpHeaders {
  const byVariant = headersOf.get(page) ?? {};
  headersOf.set(page, byVariant);
  byVariant[variant] ??= {
    ...page.headers,
    ...(variant !== 'identity' && { 'content-encoding': variant }),
    vary: 'Accept-Encoding',
    'content-length': page[variant].length,
    // Tells tests, the bench and anyone debugging that no rendering happened.
    'x-page-cache': 'hit',
  };
  return byVariant[variant];
}

export function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  res.setHeader('x-request-id', requestIdFor(req.headers['x-request-id']));
  if (req.headers['if-none-match'] === page.etag) {
    res.writeHead(304, {
      etag: page.etag,
      'cache-control': page.headers['cache-control'] ?? '',
      vary: 'Accept-Encoding',
    });
    res.end();
    return;
  }
  const variant = preferredEncoding(req.headers['accept-encoding'], { br: true, gzip: true }) ?? 'identity';
  res.writeHead(page.status, headersFor(page, variant));
  res.end(req.method === 'HEAD' ? undefined : page[variant]);
}
