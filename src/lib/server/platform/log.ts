import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { prettyDestination } from './logPretty.ts';
import { censorFields, serializeError } from './logRedaction.ts';

/**
 * The process's one logger: JSON lines on stdout through pino (one object per line, for journald
 * or a log shipper), readable lines in development. LOG_LEVEL picks the level (info by default;
 * silent turns it off); LOG_FORMAT picks `json` or `pretty` (pretty unless APP_ENV is production
 * or test). Log through `log` or a child: `log.child({ area: 'mail' }).warn({ receiptId }, '…')`,
 * and `log.error({ err }, '…')` for an error (its class, code and stack are kept).
 *
 * Nothing secret reaches a line: fields named like a secret or a contact (logRedaction.ts) are
 * censored at any depth, and an error's message loses what it quotes. Log ids, never a person's
 * address, card, bank number, token or password, and keep values out of the message text.
 * Server code only: the browser has console. server/main.ts imports this file too, so its
 * imports are relative, with their extension.
 */

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export type LogFormat = 'json' | 'pretty';

/** LOG_LEVEL as pino takes it: info when unset or not a level. */
export function logLevelOf(value: string | undefined): LogLevel {
  const level = value?.trim().toLowerCase();
  return LEVELS.includes(level as LogLevel) ? (level as LogLevel) : 'info';
}

/** LOG_FORMAT: `json` or `pretty`; unset, pretty for a developer (APP_ENV unset or development). */
export function logFormatOf(format: string | undefined, appEnv: string | undefined): LogFormat {
  const chosen = format?.trim().toLowerCase();
  if (chosen === 'json' || chosen === 'pretty') return chosen;
  return appEnv === 'production' || appEnv === 'test' ? 'json' : 'pretty';
}

export interface LogSettings {
  level: LogLevel;
  format: LogFormat;
}

/** Fields every line written inside `withLogFields` carries (the request id, for one). */
type LogFields = Record<string, unknown>;

/** A logger with the project's redaction; `destination` for tests (stdout otherwise). */
export function createLogger(
  settings: LogSettings,
  destination?: DestinationStream,
  context?: AsyncLocalStorage<LogFields>,
): Logger {
  const options = {
    level: settings.level,
    base: { pid: process.pid },
    formatters: { log: censorFields },
    serializers: { err: serializeError, error: serializeError },
    // A copy: pino merges each line's own fields into what the mixin returns.
    mixin: () => ({ ...context?.getStore() }),
    hooks: {
      // pino takes the message of an error logged without one from the error: ours is always constant.
      logMethod(this: Logger, args: unknown[], method: (...args: unknown[]) => void) {
        const [first] = args;
        if (args.length === 1 && first instanceof Error) return method.call(this, first, 'Error');
        if (args.length === 1 && typeof first === 'object' && first !== null && 'err' in first)
          return method.call(this, first, 'Error');
        return method.apply(this, args);
      },
    },
  };
  const stream = destination ?? (settings.format === 'pretty' ? prettyDestination() : undefined);
  // Without a destination pino writes to stdout asynchronously and flushes when the process exits.
  const logger = stream ? pino(options, stream) : pino(options);
  // pino passes only the root's bindings through formatters.bindings; a child's are censored here
  // (children inherit this method, so grandchildren are too).
  const makeChild = logger.child;
  logger.child = function child(this: Logger, bindings, childOptions) {
    return makeChild.call(this, censorFields(bindings), childOptions);
  } as Logger['child'];
  return logger;
}

interface Shared {
  logger: Logger;
  format: LogFormat;
  context: AsyncLocalStorage<LogFields>;
}

const GLOBAL_KEY = Symbol.for('letsema.log');

/** One logger per process, shared by server/main.ts and the app's bundle (each has a copy of this module). */
function shared(): Shared {
  const holder = globalThis as { [GLOBAL_KEY]?: Shared };
  if (!holder[GLOBAL_KEY]) {
    const settings: LogSettings = {
      level: logLevelOf(process.env.LOG_LEVEL),
      format: logFormatOf(process.env.LOG_FORMAT, process.env.APP_ENV),
    };
    const context = new AsyncLocalStorage<LogFields>();
    holder[GLOBAL_KEY] = {
      logger: createLogger(settings, undefined, context),
      format: settings.format,
      context,
    };
  }
  return holder[GLOBAL_KEY];
}

export const log: Logger = shared().logger;

/** Runs `work` so that every line it logs, however deep, carries `fields` (a request's id). */
export function withLogFields<T>(fields: LogFields, work: () => T): T {
  return shared().context.run(fields, work);
}

/**
 * Something said to the person at the terminal (where the site answers, the demo logins): the
 * text as it is in development (pretty), an info line with `fields` in JSON, where a log
 * shipper reads it. Pass no secret in `fields`: the JSON line is censored like any other.
 */
export function announce(text: string, message: string, fields: LogFields = {}): void {
  if (!log.isLevelEnabled('info')) return;
  if (shared().format === 'pretty') process.stdout.write(`${text}\n`);
  else log.info(fields, message);
}
