// Graceful stop for server/main.ts. On SIGTERM or SIGINT: stop listening (new connections are
// refused), let every request already in flight finish, then close every connection and what the
// app registered (background jobs, then the database with its LISTEN connection) and exit 0. A
// request that arrives meanwhile on a connection kept alive from before gets a 503 with
// Retry-After and Connection: close, never an answer from a half-closed database. Requests still
// running after the grace period are cut (their connections closed) and the process exits 1.
import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { log as rootLog } from '../src/lib/server/platform/log.ts';
import { processLifecycle, runShutdownSteps } from './lifecycle.ts';

const RETRY_AFTER_S = '5';
const MESSAGE = 'The server is restarting. Please try again in a few seconds.';

export interface GracefulShutdown {
  /** Call first for every request: false when it was refused (answered 503) because the server is stopping. */
  admit(url: string, res: ServerResponse): boolean;
  /** Marks an answer that is not written at once (Astro renders it): the stop waits for it. */
  track(res: ServerResponse): void;
}

function refuse(url: string, res: ServerResponse): void {
  const api = url.startsWith('/api/');
  const body = api
    ? JSON.stringify({
        data: null,
        meta: { message: MESSAGE },
        errors: [{ code: 'unavailable', displayMessage: MESSAGE }],
      })
    : MESSAGE;
  res.writeHead(503, {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'retry-after': RETRY_AFTER_S,
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(body);
}

/**
 * Installs the signal handlers. `graceMs` bounds how long in-flight requests may take
 * (SHUTDOWN_GRACE_S; keep it below the supervisor's own kill timeout).
 */
export function shutDownGracefully(server: Server, graceMs: number): GracefulShutdown {
  const lifecycle = processLifecycle();
  const inFlight = new Set<ServerResponse>();
  let onDrained: (() => void) | undefined;
  const log = rootLog.child({ area: 'shutdown' });

  function admit(url: string, res: ServerResponse): boolean {
    if (!lifecycle.stopping) return true;
    refuse(url, res);
    return false;
  }

  // Static files and cached pages are written in the request's own tick, so only rendered answers
  // are tracked: a listener per answer is not free at tens of thousands of cached answers a second.
  function track(res: ServerResponse): void {
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (lifecycle.stopping && inFlight.size === 0) onDrained?.();
    });
  }

  async function stop(signal: NodeJS.Signals): Promise<void> {
    if (lifecycle.stopping) {
      log.warn({ signal }, 'Stop signal again: exiting without waiting');
      process.exit(1);
    }
    lifecycle.stopping = true;
    log.info(
      { signal, inFlight: inFlight.size },
      'Stopping: no new connections, finishing the requests in flight',
    );
    // Only the listening socket. http's close() would also close the idle kept-alive connections
    // at once, racing a request a client is sending on one right then (it would get a reset, not
    // an answer); instead such a request gets the 503 above, and every connection closes at the end.
    NetServer.prototype.close.call(server);
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
    const drained =
      inFlight.size === 0 ||
      (await new Promise<boolean>((resolve) => {
        onDrained = () => resolve(true);
        setTimeout(() => resolve(false), graceMs);
      }));
    if (!drained)
      log.warn({ inFlight: inFlight.size, graceMs }, 'Requests still running after the grace period: cut');
    server.closeAllConnections();
    await runShutdownSteps();
    log.info('Stopped');
    process.exit(drained ? 0 : 1);
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (s) => void stop(s));
  return { admit, track };
}
