// The faults of the soak: SIGKILL at random moments (the server gets no chance to finish anything)
// and one SIGTERM (it must finish what it was doing), each followed by a restart on the same
// PostgreSQL and DATA_DIR. The SIGTERM is checked against the requests in flight when it was sent.
import { join } from 'node:path';
import { startServer } from '../../scripts/test-support/server.mjs';

/**
 * Times (ms from the start) of `kills` SIGKILLs and one SIGTERM, one per slot of the middle of the
 * run, at a random point of each slot, so faults are spread out and never overlap a restart.
 */
export function faultSchedule(durationMs, kills, random = Math.random) {
  const events = kills + 1;
  const start = durationMs * 0.08;
  const slot = (durationMs * 0.82) / events;
  const termAt = Math.floor(events / 2);
  return Array.from({ length: events }, (_, i) => ({
    atMs: Math.round(start + slot * i + slot * (0.15 + 0.6 * random())),
    signal: i === termAt ? 'SIGTERM' : 'SIGKILL',
  }));
}

/**
 * Sends `signal` to the running server, waits for it to exit, starts a new one and swaps it into
 * `holder` (whose baseUrl the load reads). Returns what happened.
 */
export async function injectFault(holder, signal, { client, databaseUrl, dataDir, env, runDir, index }) {
  const victim = holder.server;
  const caught = signal === 'SIGTERM' ? client.snapshot() : [];
  const sentAt = performance.now();
  victim.child.kill(signal);
  const exit = await victim.exited;
  const exitedAfterMs = Math.round(performance.now() - sentAt);
  await victim.stop();
  const next = await startServer({
    databaseUrl,
    dataDir,
    env,
    logFile: join(runDir, `server-${index + 1}.log`),
  });
  holder.server = next;
  holder.baseUrl = next.baseUrl;
  const recoveredAfterMs = Math.round(performance.now() - sentAt);
  let drain = null;
  if (signal === 'SIGTERM') {
    const outcomes = await Promise.all(caught);
    drain = {
      inFlight: outcomes.length,
      completed: outcomes.filter((o) => o.status >= 200 && o.status < 500).length,
      refusedWithRetry: outcomes.filter((o) => o.status === 503 && o.retryAfter).length,
      failed: outcomes.filter(
        (o) => o.status === 0 || (o.status >= 500 && !(o.status === 503 && o.retryAfter)),
      ).length,
      failures: outcomes
        .filter((o) => o.status === 0 || o.status >= 500)
        .map((o) => o.error ?? o.status)
        .slice(0, 5),
    };
  }
  return { signal, exit, exitedAfterMs, recoveredAfterMs, drain };
}
