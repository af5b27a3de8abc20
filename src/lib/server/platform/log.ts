import pino, { type Logger } from 'pino';
import pinoPretty from 'pino-pretty';

/**
 * The process's one logger: JSON lines on stdout through pino (one object per line, for a log
 * shipper), readable lines in development. LOG_LEVEL picks the level (info by default; silent
 * turns it off). Read through `log` or a child: `log.child({ area: 'mail' })`.
 *
 * Nothing secret reaches a line: the paths in REDACTED are censored wherever they appear, and
 * callers log ids, never a person's address, card, bank number, token or password.
 */

/** Field names censored in any logged object (pino's redact paths, one level deep and nested). */
export const REDACTED_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'email',
  'to',
  'cardNumber',
  'accountNumber',
  'idNumber',
  'secret',
  'signature',
] as const;

const REDACT_PATHS = REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]);

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function logLevelOf(value: string | undefined): LogLevel {
  const level = value?.trim().toLowerCase();
  return LEVELS.includes(level as LogLevel) ? (level as LogLevel) : 'info';
}

function createLogger(): Logger {
  const options = {
    level: logLevelOf(process.env.LOG_LEVEL),
    base: { pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Errors keep their message, type and stack under `err`.
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
  };
  const pretty =
    (process.env.LOG_FORMAT ?? (process.env.APP_ENV === 'development' ? 'pretty' : 'json')) === 'pretty';
  return pretty ? pino(options, prettyStream()) : pino(options);
}

function prettyStream(): NodeJS.WritableStream {
  // pino-pretty as a stream in this thread: no transport worker, which a bundled server cannot load.
  return pinoPretty({
    colorize: process.stdout.isTTY,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}

const GLOBAL_KEY = Symbol.for('letsema.log');
type Holder = { [GLOBAL_KEY]?: Logger };

/** One logger per process, shared by the server file and the app's bundle. */
const holder = globalThis as Holder;
holder[GLOBAL_KEY] ??= createLogger();
export const log: Logger = holder[GLOBAL_KEY];
