import * as Sentry from '@sentry/astro';

// Only built in when SENTRY_DSN is set at build time (astro.config.mjs). The
// DSN itself comes from the page (BaseLayout's <meta name="sentry-dsn">), so
// one build serves every environment.
const dsn = document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content;

if (dsn) {
  Sentry.init({
    dsn,
    environment: location.hostname,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    // SPEC §9: trace every request, replay 10% of sessions and every session with an error.
    tracesSampleRate: 1.0,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
  });
  // The load-failure guard and island error boundaries report through window.Sentry (src/lib/reportError.ts).
  window.Sentry = { captureException: Sentry.captureException };
}
