import { env } from './env';

/**
 * Sends an unexpected server error (a 5xx) to Sentry when SENTRY_DSN is set.
 * 4xx answers are the caller's mistake and are never reported (SPEC §8).
 */
export async function reportServerError(error: unknown, requestId: string): Promise<void> {
  if (!env.sentryDsn) return;
  const Sentry = await import('@sentry/astro');
  Sentry.captureException(error, { tags: { requestId } });
}

/** The kind of an error, never its message: a database error's message carries the query's parameters. */
function kindOf(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? `${error.name} (code ${code})` : error.name;
}

/**
 * The log line for an unexpected error: request id, method, path, the error's
 * class and code (and its cause's), and the stack frames without the message
 * line. Messages are left out on purpose: a failed query's message lists its
 * parameters (names, phone numbers, addresses), which must not reach the logs.
 */
export function describeServerError(requestId: string, method: string, path: string, error: unknown): string {
  const cause =
    error instanceof Error && error.cause !== undefined ? `, caused by ${kindOf(error.cause)}` : '';
  const frames =
    error instanceof Error && error.stack
      ? error.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .join('\n')
      : '';
  return `[${requestId}] ${method} ${path} failed: ${kindOf(error)}${cause}${frames ? `\n${frames}` : ''}`;
}
