/**
 * The site's public address (PUBLIC_URL) and the one origin pages are served
 * on. No imports: server/main.ts and scripts/start.mjs load this file as it
 * is (Node's type stripping), and src/lib/server/platform/env.ts reads it too,
 * so the address the server prints, the links it writes and the CSP's 'self'
 * agree.
 */

/** Hosts that listen on every interface: no browser goes to them, so the site's address is localhost. */
const ANY_ADDRESS = new Set(['', '0.0.0.0', '::', '[::]', '0:0:0:0:0:0:0:0']);

/**
 * PUBLIC_URL when it is unset: the address the server listens on (HOST and
 * PORT, as server/main.ts reads them), `http://127.0.0.1:4321` for
 * HOST=127.0.0.1; localhost for an unset HOST or one that listens on every
 * interface. An IPv6 address gets its brackets.
 */
export function listeningUrl(host: string | undefined, port: string | number): string {
  const name = (host ?? 'localhost').trim();
  if (ANY_ADDRESS.has(name)) return `http://localhost:${port}`;
  const bare = name.replace(/^\[(.*)\]$/, '$1');
  return `http://${bare.includes(':') ? `[${bare}]` : bare}:${port}`;
}

/** PUBLIC_URL without a trailing slash, or the listening address when it is unset or empty. */
export function publicUrlOf(e: {
  PUBLIC_URL?: string | undefined;
  HOST?: string | undefined;
  PORT?: string | undefined;
}): string {
  const configured = e.PUBLIC_URL?.trim();
  return (configured || listeningUrl(e.HOST, e.PORT ?? '4321')).replace(/\/+$/, '');
}

/** A request as far as the origin check needs it. */
export interface OriginRequest {
  method: string | undefined;
  /** The path and query (`req.url`). */
  url: string;
  /** The Host header. */
  host: string | undefined;
}

/**
 * Where a page request that arrived on another origin than PUBLIC_URL's goes
 * (the whole address, path and query kept), or null to serve it here. Only a
 * configured PUBLIC_URL counts (`configured`), and only page views: GET or
 * HEAD of a path without a file extension outside /api/ (API calls, the
 * simulators' server-to-server notices and files are answered where they
 * arrive), nor /metrics (Prometheus scrapes each process on its own port, and
 * the proxy at PUBLIC_URL refuses the path). The scheme is not compared: behind
 * a proxy that ends TLS the server itself is spoken to in http.
 */
export function canonicalRedirect(request: OriginRequest, configured: string | undefined): string | null {
  if (!configured?.trim()) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const path = request.url.split('?')[0] ?? '/';
  if (
    !path.startsWith('/') ||
    path.startsWith('//') ||
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/metrics'
  ) {
    return null;
  }
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes('.')) return null;
  let target: URL;
  try {
    target = new URL(configured.trim());
  } catch {
    return null;
  }
  const host = request.host?.trim().toLowerCase();
  if (!host || host === target.host.toLowerCase()) return null;
  return `${target.origin}${request.url}`;
}
