// Serving a stored public page (server/pageStore.ts) straight from memory: the already compressed
// body, or 304 when the browser's copy is still current.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { preferredLanguage, SITE_LOCALES } from '../src/lib/i18n/acceptLanguage.ts';
import { type Encoding, preferredEncoding } from './encoding.ts';
import type { CachedPage } from './pageStore.ts';

/** The cache key of a request the cache may answer, or undefined: GET or HEAD, and no credentials. */
export function pageCacheKey(req: IncomingMessage): string | undefined {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization) return undefined;
  const key = `${req.headers.host ?? ''}${req.url ?? '/'}`;
  // An API answer speaks the caller's Accept-Language (DESIGN §11); a page's language is its address.
  if (!req.url?.startsWith('/api/')) return key;
  return `${key}#${preferredLanguage(req.headers['accept-language'], SITE_LOCALES) ?? 'en'}`;
}

type Variant = Encoding | 'identity';
// Headers for each encoding, built on a page's first hit rather than on every one.
const headersOf = new WeakMap<CachedPage, Partial<Record<Variant, OutgoingHttpHeaders>>>();

function headersFor(page: CachedPage, variant: Variant, api: boolean): OutgoingHttpHeaders {
  const byVariant = headersOf.get(page) ?? {};
  headersOf.set(page, byVariant);
  byVariant[variant] ??= {
    ...page.headers,
    ...(variant !== 'identity' && { 'content-encoding': variant }),
    // The API's answers are in the caller's language; a page's language is in its address.
    vary: api ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding',
    'content-length': page[variant].length,
    // Tells tests, the bench and anyone debugging that no rendering happened.
    'x-page-cache': 'hit',
  };
  return byVariant[variant];
}

/** Writes the stored answer (or 304) under the request's id (server/requestId.ts). */
export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  requestId: string,
): void {
  res.setHeader('x-request-id', requestId);
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
  res.writeHead(page.status, headersFor(page, variant, req.url?.startsWith('/api/') === true));
  res.end(req.method === 'HEAD' ? undefined : page[variant]);
}
