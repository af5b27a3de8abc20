import { prettyFactory } from 'pino-pretty';

/**
 * The development terminal's log (LOG_FORMAT=pretty): pino-pretty in this thread (no transport
 * worker, which a bundled server cannot load), one line per entry with its fields as JSON after
 * the message, an error's stack below it. A request reads as `GET /campaign/[url] 200 12.3 ms`.
 */

interface Entry {
  msg?: unknown;
  method?: unknown;
  route?: unknown;
  status?: unknown;
  durationMs?: unknown;
  served?: unknown;
  [field: string]: unknown;
}

/** The request line (src/lib/server/http/requestLog.ts) without the fields a developer skims past. */
function compacted(entry: Entry): Entry {
  if (entry.msg !== 'request' || typeof entry.status !== 'number') return entry;
  const { level, time, method, route, status, durationMs, served } = entry;
  const by = served === 'app' || served === undefined ? '' : ` (${String(served)})`;
  return {
    level,
    time,
    msg: `${String(method)} ${String(route ?? '-')} ${status} ${String(durationMs)} ms${by}`,
  };
}

export function prettyDestination(
  write: (text: string) => void = (text) => process.stdout.write(text),
  colorize: boolean = process.stdout.isTTY === true,
): { write(line: string): void } {
  const pretty = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,area',
    singleLine: true,
    messageFormat: '{if area}[{area}] {end}{msg}',
  });
  return {
    write(line) {
      let entry: Entry;
      try {
        entry = JSON.parse(line) as Entry;
      } catch {
        write(line);
        return;
      }
      write(pretty(compacted(entry)));
    },
  };
}
