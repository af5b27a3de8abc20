import { log } from '../platform/log.ts';

/**
 * The one log line every request gets (`msg: "request"`, info): written by the app's outermost
 * middleware (middleware/requestLog.ts) for what Astro answers, and by server/main.ts for what it
 * answers itself (static files, cached pages, redirects, refusals). Imported by server/main.ts:
 * relative imports with their extension only.
 */
export interface RequestLine {
  requestId: string;
  method: string;
  /** Astro's route pattern (`/api/v1/campaigns/[id]`), a static file's path, or null: never the raw address, whose query may hold a token. */
  route: string | null;
  status: number;
  durationMs: number;
  /** The client's address (behind a proxy in TRUSTED_PROXIES, the one it forwarded for). */
  client: string | null;
  /** Who answered: the app (Astro), the page cache, the static files, or server/main.ts itself. */
  served: 'app' | 'cache' | 'static' | 'server';
}

/** Request headers a debug line carries; the credentials among them reach it as "[redacted]" (logRedaction.ts). */
const DEBUG_HEADERS = [
  'user-agent',
  'content-type',
  'content-length',
  'accept-language',
  'x-forwarded-for',
  'authorization',
  'cookie',
] as const;

/** Milliseconds since `started` (performance.now()), to a tenth. */
export function millisecondsSince(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

export function logRequest(
  line: RequestLine,
  header: (name: string) => string | null | undefined,
  level: 'info' | 'debug' = 'info',
): void {
  if (!log.isLevelEnabled(level)) return;
  if (!log.isLevelEnabled('debug')) {
    log[level](line, 'request');
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of DEBUG_HEADERS) {
    const value = header(name);
    if (value) headers[name] = value;
  }
  log[level]({ ...line, headers }, 'request');
}
