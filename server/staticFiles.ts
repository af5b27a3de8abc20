// The built client assets (dist/client: Astro's fingerprinted /_astro files, icons, the share image)
// served from memory with the brotli and gzip copies made at build (scripts/build/precompress.mjs).
// Fingerprinted files never change under their name, so browsers and CDNs keep them for a year.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { preferredEncoding } from './encoding.ts';
import { etagOf } from './etag.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
/** Larger files stay on disk for the app to serve; nothing in dist/client comes close today. */
const MAX_IN_MEMORY = 5 * 2 ** 20;

interface StaticFile {
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  headers: Record<string, string>;
  etag: string;
}

export type StaticFiles = Map<string, StaticFile>;

function sidecar(path: string, suffix: string): Buffer | undefined {
  return existsSync(path + suffix) ? readFileSync(path + suffix) : undefined;
}

/** Reads every servable file under `clientDir` once, keyed by its URL path. */
export function loadStaticFiles(clientDir: string, assetsPrefix = '/_astro/'): StaticFiles {
  const files: StaticFiles = new Map();
  if (!existsSync(clientDir)) return files;
  for (const name of readdirSync(clientDir, { recursive: true, encoding: 'utf8' })) {
    const path = join(clientDir, name);
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > MAX_IN_MEMORY) continue;
    const urlPath = `/${name.split(sep).join('/')}`;
    const identity = readFileSync(path);
    const etag = etagOf(identity);
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': urlPath.startsWith(assetsPrefix)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600, stale-while-revalidate=86400',
      etag,
      'x-content-type-options': 'nosniff',
      // Like every answer but the donate widget's (src/lib/server/http/middleware/securityHeaders.ts): no framing.
      'x-frame-options': 'DENY',
      'content-security-policy': "frame-ancestors 'none'",
    };
    const gzip = sidecar(path, '.gz');
    const br = sidecar(path, '.br');
    if (gzip || br) headers.vary = 'Accept-Encoding';
    files.set(urlPath, { identity, etag, headers, ...(gzip && { gzip }), ...(br && { br }) });
  }
  return files;
}

/** Answers a GET or HEAD for a static file: 304 when the browser has it, else the smallest encoding it takes. */
export function sendStaticFile(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, { etag: file.etag, 'cache-control': file.headers['cache-control'] ?? '' });
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers['accept-encoding'], {
    br: file.br !== undefined,
    gzip: file.gzip !== undefined,
  });
  const body = (encoding && file[encoding]) || file.identity;
  res.writeHead(200, {
    ...file.headers,
    ...(encoding && { 'content-encoding': encoding }),
    'content-length': body.length,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
