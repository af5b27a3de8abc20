import pino from 'pino';
import { log } from '~/lib/server/platform/log';

/** A log line as pino wrote it (JSON, parsed). */
export type LogLine = Record<string, unknown> & { level: number; msg?: string };

/**
 * Collects what the process's logger writes from now until `restore()`, at `level` (unit tests
 * run with LOG_LEVEL=silent, vitest.config.ts): the real lines, after redaction, as a log
 * shipper would read them. Nothing reaches stdout meanwhile.
 */
export function captureLogs(level: pino.LevelWithSilent = 'debug'): { lines: LogLine[]; restore(): void } {
  const lines: LogLine[] = [];
  const stream = (log as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym];
  if (!stream) throw new Error('The logger has no stream to capture.');
  const write = stream.write;
  const before = log.level;
  stream.write = (line: string) => {
    lines.push(JSON.parse(line) as LogLine);
    return true;
  };
  log.level = level;
  return {
    lines,
    restore() {
      stream.write = write;
      log.level = before;
    },
  };
}
