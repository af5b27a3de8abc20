import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The server's configuration, read once from the environment. This is the one
 * place server code reads process.env, so it also works outside Astro
 * (seed script, vitest). README.md's configuration table lists every variable.
 */
export interface ServerEnv {
  /** APP_ENV, not NODE_ENV: the bundler fixes NODE_ENV at build time, this is read at run time. */
  appEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  dataDir: string;
  /** postgres://… for a PostgreSQL server; empty for embedded PGlite; `memory://` for an in-memory PGlite. */
  databaseUrl: string;
  publicUrl: string;
  jwtSecret: string | undefined;
  sentryDsn: string | undefined;
  supportEmail: string;
  /** smtp://user:pass@host:587 or smtps://…:465; unset writes mail to DATA_DIR/outbox instead. */
  smtpUrl: string | undefined;
  /** The From header of every mail. */
  mailFrom: string;
  /** Demo content when seeding an empty database (lookups are always seeded). */
  seedDemo: boolean;
  /** Set by `npm start`: list the demo logins once the database is open. */
  printDemoLogins: boolean;
  logRequests: boolean;
}

function readEnv(): ServerEnv {
  const e = process.env;
  const appEnv = e.APP_ENV === 'production' ? 'production' : e.APP_ENV === 'test' ? 'test' : 'development';
  const port = e.PORT ?? '4321';
  return {
    appEnv,
    isProduction: appEnv === 'production',
    dataDir: resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL ?? '',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET || undefined,
    sentryDsn: e.SENTRY_DSN || undefined,
    supportEmail: e.SUPPORT_EMAIL ?? 'support@letsema.org.za',
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM || 'Letsema <no-reply@letsema.org.za>',
    // Never demo users (one is an admin with a published password) in production unless asked for.
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : appEnv !== 'production',
    printDemoLogins: e.PRINT_DEMO_LOGINS === 'true',
    logRequests: e.LOG_REQUESTS === 'true',
  };
}

export const env: ServerEnv = readEnv();

/** DATA_DIR, created on first use. */
export function dataPath(...parts: string[]): string {
  mkdirSync(env.dataDir, { recursive: true });
  return resolve(env.dataDir, ...parts);
}
