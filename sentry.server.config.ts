import * as Sentry from '@sentry/astro';

Sentry.init({
  dsn: process.env.SENTRY_DSN,
  environment: process.env.APP_ENV ?? 'development',
  // SPEC §9: error tracing sample rate 100%.
  tracesSampleRate: 1.0,
});
