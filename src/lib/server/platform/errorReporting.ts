import { env } from './env';
import { log } from './log';

/** Where an unexpected error happened: the request, as its log line names it. */
export interface FailedRequest {
  requestId: string;
  method: string;
  /** Astro's route pattern, never the raw address (its query may hold a token). */
  route: string | null;
}

/**
 * An unexpected server error (a 5xx): logged through pino with its class, code, stack and cause
 * (log.ts cuts what the message quotes: a failed query's parameters, an address, a number), then
 * sent to Sentry when SENTRY_DSN is set. 4xx answers are the caller's mistake and are never
 * reported (SPEC §8).
 */
export async function reportServerError(error: unknown, request: FailedRequest): Promise<void> {
  log.error({ err: error, ...request }, 'Request failed');
  if (!env.sentryDsn) return;
  const Sentry = await import('@sentry/astro');
  Sentry.captureException(error, { tags: { requestId: request.requestId } });
}
