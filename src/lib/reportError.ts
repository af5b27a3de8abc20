/** The part of the Sentry browser SDK the app calls; present only when Sentry is configured. */
export interface ErrorReporter {
  captureException: (error: unknown, context?: { tags?: Record<string, string> }) => unknown;
}

declare global {
  interface Window {
    Sentry?: ErrorReporter;
  }
}

/** Sends an error to Sentry when it is loaded (sentry.client.config.ts exposes it); otherwise does nothing. */
export function reportError(error: unknown, tags?: Record<string, string>): void {
  if (typeof window === 'undefined') return;
  try {
    window.Sentry?.captureException(error, tags ? { tags } : undefined);
  } catch {
    // Reporting must never become a second failure.
  }
}
