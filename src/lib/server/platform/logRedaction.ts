/**
 * What keeps secrets out of the log (src/lib/server/platform/log.ts runs every logged object
 * through censorFields): a field whose name says it holds a secret or a person's contact is
 * censored wherever it sits, and an error keeps its class, code and stack but loses what its
 * message quotes (a failed query's parameters, an address, a card or account number, a token).
 * Imported by server/main.ts too: relative imports with their extension only.
 */

/** A field whose name contains one of these (case, `-` and `_` ignored) is censored at any depth. */
export const REDACTED_NAME_PARTS = [
  'password',
  'passphrase',
  'token',
  'secret',
  'authorization',
  'cookie',
  'email',
  'phone',
  'cardnumber',
  'accountnumber',
  'idnumber',
  'signature',
  'apikey',
  'privatekey',
  'cvv',
] as const;

/** Fields censored when named exactly so (too short to look for inside other names). */
export const REDACTED_NAMES = ['to', 'cc', 'bcc', 'replyto', 'pan', 'otp', 'jwt'] as const;

export const CENSORED = '[redacted]';

const normalised = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const EXACT = new Set<string>(REDACTED_NAMES);

// Field names are few (the code's own), so each is judged once.
const judged = new Map<string, boolean>();

export function isRedactedName(name: string): boolean {
  let redacted = judged.get(name);
  if (redacted === undefined) {
    const key = normalised(name);
    redacted = EXACT.has(key) || REDACTED_NAME_PARTS.some((part) => key.includes(part));
    // Bounded: a caller logging an object keyed by user input must not grow this without end.
    if (judged.size < 10_000) judged.set(name, redacted);
  }
  return redacted;
}

// Deep enough for any object the code logs; a cycle stops here too.
const MAX_DEPTH = 6;

/**
 * `value` with every redacted field censored and every Error serialised (serializeError): a copy
 * where anything changed, the object itself where nothing did (a request line, most lines).
 */
export function censorFields<T>(value: T, depth = 0): T {
  if (value instanceof Error) return serializeError(value) as T;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => censorFields(item, depth + 1));
    return (items.some((item, i) => item !== value[i]) ? items : value) as T;
  }
  const prototype = Object.getPrototypeOf(value);
  // Dates, buffers, URLs…: JSON has its own way with them and they carry no named fields.
  if (prototype !== Object.prototype && prototype !== null) return value;
  let copy: Record<string, unknown> | undefined;
  const fields = value as Record<string, unknown>;
  for (const key in fields) {
    const field = fields[key];
    const censored = isRedactedName(key) && field != null ? CENSORED : censorFields(field, depth + 1);
    if (censored !== field) copy ??= { ...fields };
    if (copy) copy[key] = censored;
  }
  return (copy ?? value) as T;
}

/**
 * Text from outside our control (an error's message) with what could be personal cut out:
 * Drizzle's "params:" list, email addresses, tokens that look like JWTs, and runs of 9 to 19
 * digits (card and bank account numbers, phone numbers; a UUID's digits are left alone).
 */
export function scrubText(text: string): string {
  const params = text.indexOf('\nparams:');
  return (params < 0 ? text : text.slice(0, params))
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]')
    .replace(/(?<![\w-])\+?\d(?:[ -]?\d){8,18}(?![\w-])/g, '[number]');
}

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/** Fields an error may carry that say what went wrong without quoting anyone's data. */
const SAFE_ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'status',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
] as const;

/**
 * An error as a log line carries it (under `err`): class, scrubbed message, code and the like,
 * the stack's frames, and its cause the same way. A database error's `detail` ("Key (email)=(…)
 * already exists") and Drizzle's `params` are never copied.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    if (error !== null && typeof error === 'object' && 'type' in error && 'message' in error)
      return error as SerializedError;
    return { type: typeof error, message: typeof error === 'string' ? scrubText(error) : '' };
  }
  const type = error.name || error.constructor?.name || 'Error';
  const message = scrubText(error.message);
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const serialized: SerializedError = {
    type,
    message,
    stack: `${type}: ${message}${frames ? `\n${frames}` : ''}`,
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  if (error instanceof AggregateError && depth < 3)
    serialized.errors = error.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
  return serialized;
}
