import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { etagOf } from '#server/etag.ts';
import type { CachedPage } from '#server/pageStore.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How long a CDN in front may keep a public answer, and serve it stale while it asks again. Short,
 * because totals move with every donation: this process drops its own copy at once (by database
 * notification); a CDN cannot be told, so it may show a total at most this many seconds old.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';

/** Headers that belong to one request (its id) or to one encoding of the body. */
const PER_REQUEST = new Set([
  'x-request-id',
  'content-length',
  'content-encoding',
  'vary',
  'transfer-encoding',
]);

/**
 * A rendered answer as the page store keeps it: the body read once and compressed once, in both
 * encodings browsers take (brotli at a quality that costs a few milliseconds, not the build's 11).
 */
export async function toCachedPage(response: Response, storedAt: number, route: string): Promise<CachedPage> {
  const identity = Buffer.from(await response.arrayBuffer());
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: 6 }),
  ]);
  const etag = etagOf(identity);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!PER_REQUEST.has(name)) headers[name] = value;
  });
  headers['cache-control'] = PUBLIC_CACHE_CONTROL;
  headers.etag = etag;
  return { status: response.status, headers, identity, gzip: gz, br, etag, storedAt, route };
}
