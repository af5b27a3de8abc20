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
