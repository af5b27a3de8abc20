import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseTrustedProxies, type TrustedProxies } from '~/lib/server/http/clientAddress';
import { PAYFAST_PUBLISHED_SOURCES } from '~/lib/server/payments/payfastSource';
import { log } from './log';
import { publicUrlOf } from './publicUrl';

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
  /** DATABASE_POOL_SIZE: connections per process to a PostgreSQL server. */
  databasePoolSize: number;
  /** MIGRATIONS_DIR: the SQL migrations applied when the database opens (absolute). */
  migrationsDir: string;
  publicUrl: string;
  jwtSecret: string | undefined;
  sentryDsn: string | undefined;
  supportEmail: string;
  /** smtp://user:pass@host:587 or smtps://…:465; unset delivers mail to the development outbox (/dev/outbox) instead. */
  smtpUrl: string | undefined;
  /** The From header of every mail. */
  mailFrom: string;
  mail: MailEnv;
  /** Demo content when seeding an empty database (lookups are always seeded). */
  seedDemo: boolean;
  /** Set by `npm start`: list the demo logins once the database is open. */
  printDemoLogins: boolean;
  /**
   * DEMO_PASSWORD: every demo user's password, for a test runner's throwaway database; unset,
   * each seeded database gets fresh random ones (DATA_DIR/demo-logins.json).
   */
  demoPassword: string | undefined;
  /** HOST: the address the server listens on (the Node adapter reads it too); localhost when unset. */
  host: string;
  /** ALLOW_DEV_ON_NETWORK: outside production, listen on a non-loopback HOST anyway (a trusted network only). */
  allowDevOnNetwork: boolean;
  /** METRICS_TOKEN: a bearer token that may read /metrics from anywhere (loopback always may). */
  metricsToken: string | undefined;
  /** TRUSTED_PROXIES: the reverse proxies whose X-Forwarded-For is believed (src/lib/server/http/clientAddress.ts). */
  trustedProxies: TrustedProxies;
  /** BACKGROUND_JOBS: periodic work in the server process (donation summaries); off under APP_ENV=test unless `true`. */
  backgroundJobs: boolean;
  /** PAGE_VIEW_FLUSH_MS: how often the campaign page views counted in memory are saved (10 s; 250 ms under APP_ENV=test). */
  pageViewFlushMs: number;
  payments: PaymentEnv;
  captcha: CaptchaEnv;
  /** RATE_LIMIT_FACTOR: multiplies the scaled rate limits (platform/rateLimit.ts): many people behind one address, test runs. */
  rateLimitFactor: number;
  /** S3_*: uploaded files go to this bucket; null keeps them on local disk under DATA_DIR/files. */
  s3: S3Env | null;
}

/** The mail queue's worker (src/lib/server/mail/worker.ts, docs/DEPLOY.md "Mail"). */
export interface MailEnv {
  /** MAIL_WORKER (default true): this process sends queued mail. Off, it only queues (another process sends). */
  worker: boolean;
  /** MAIL_RETRY_BASE_MS: the wait after a first failed attempt (30 s); each later one waits 4 times longer. */
  retryBaseMs: number;
  /** MAIL_RETRY_MAX_MS: the longest wait between two attempts (6 hours). */
  retryMaxMs: number;
  /** MAIL_MAX_ATTEMPTS: attempts before a mail becomes a dead letter (12, about two and a half days). */
  maxAttempts: number;
}

/** An S3-compatible bucket (AWS, MinIO, Cloudflare R2, s3rver in the tests). */
export interface S3Env {
  /** S3_ENDPOINT without a trailing slash, e.g. https://s3.af-south-1.amazonaws.com (AWS's, for the region, when unset). */
  endpoint: string;
  bucket: string;
  /** S3_REGION, us-east-1 when unset: part of the signature even where the store has no regions. */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE (default true): `endpoint/bucket/key`; false is `bucket.endpoint-host/key`. */
  forcePathStyle: boolean;
}

/**
 * Gateway endpoints and credentials. Every base URL defaults to the local
 * simulator under PUBLIC_URL/sandbox (DESIGN §6), so nothing leaves the machine
 * unless configured; going live is only these variables. The PayFast and Ozow
 * defaults are the gateways' published sandbox test credentials.
 */
export interface PaymentEnv {
  /** Simulator pages under /sandbox are served (never in production). */
  sandboxEnabled: boolean;
  payfast: {
    /** Hosted checkout base: `${processUrl}/eng/process`, `${processUrl}/eng/query/validate`. */
    processUrl: string;
    /** The REST API base for subscriptions (`${apiUrl}/subscriptions/{token}/cancel`). */
    apiUrl: string;
    merchantId: string;
    merchantKey: string;
    passphrase: string;
    /** Addresses an ITN may come from: PAYFAST_VALID_SOURCES, else PayFast's published ranges in production; empty accepts loopback only (the simulator). */
    validSourceAddresses: string[];
    /** PAYFAST_API_TESTING: API calls get `?testing=true` (PayFast's sandbox behind the live API host). */
    apiTesting: boolean;
  };
  ozow: {
    /** The hosted payment page (live: https://pay.ozow.com). */
    processUrl: string;
    /** The REST API for the status check (live: https://api.ozow.com; staging: https://stagingapi.ozow.com). */
    apiUrl: string;
    siteCode: string;
    privateKey: string;
    apiKey: string;
    isTest: boolean;
  };
  paypal: { apiUrl: string; clientId: string; clientSecret: string; webhookId: string };
  iveri: {
    /** iVeri Lite's hosted payment page the donor's browser posts to (full redirect). */
    processUrl: string;
    /** Query Transaction Status: our server posts the application id and trace here before booking. */
    queryUrl: string;
    /** Lite_Merchant_ApplicationId, allocated by iVeri at registration. */
    applicationId: string;
  };
  snapscan: {
    /** The payment link's base, `{qrUrl}/{merchantId}?id=…&amount=…&strict=true` (live: https://pos.snapscan.io/qr). */
    qrUrl: string;
    /** The Merchant API (live: https://pos.snapscan.io/merchant/api/v1), HTTP basic auth with the API key. */
    apiUrl: string;
    /** The merchant's SnapCode, the last part of the payment link. */
    merchantId: string;
    apiKey: string;
    /** The webhook auth key: HMAC-SHA256 key of the webhook's `Authorization: SnapScan signature=…`. */
    webhookAuthKey: string;
  };
  paysoft: {
    /** Paysoft's (legacy) API base, `{apiUrl}/DebitOrder?key=…` (live: https://secure.paysoft.co.za/API). */
    apiUrl: string;
    /** The API key Paysoft issues with the account (the `key` query parameter). */
    apiKey: string;
    /** Our client code at Paysoft (`<Client>` in every request). */
    clientCode: string;
  };
  /** The platform's own account that EFT donors pay into. */
  eft: { bankName: string; accountName: string; accountNumber: string; branchNumber: string };
  /** Rand per US dollar, used to count a dollar donation towards a rand campaign (and back). */
  usdToZarRate: number;
}

export interface CaptchaEnv {
  /** Google reCAPTCHA replaces ALTCHA when both keys are set. */
  recaptchaSiteKey: string | undefined;
  recaptchaSecret: string | undefined;
  /** ALTCHA's HMAC key; generated into DATA_DIR when unset. */
  altchaHmacKey: string | undefined;
  /** ALTCHA_MAX_NUMBER: the largest counter a challenge hides; the work a donor's browser does grows with it. */
  altchaMaxNumber: number;
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const appEnvOf = (value: string | undefined): ServerEnv['appEnv'] =>
  value === 'production' || value === 'test' ? value : 'development';

/** A setting that is on or off, with its default when unset. */
const flag = (value: string | undefined, fallback: boolean): boolean => (value ? value === 'true' : fallback);

function readEnv(): ServerEnv {
  const e = process.env;
  const appEnv = appEnvOf(e.APP_ENV);
  const port = e.PORT ?? '4321';
  // Unset: the address the server listens on and prints, so links and the CSP's 'self' agree with it.
  const publicUrl = publicUrlOf({ PUBLIC_URL: e.PUBLIC_URL, HOST: e.HOST, PORT: port });
  return {
    appEnv,
    isProduction: appEnv === 'production',
    dataDir: resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL ?? '',
    databasePoolSize: Number(e.DATABASE_POOL_SIZE ?? 10),
    migrationsDir: resolve(e.MIGRATIONS_DIR ?? 'src/lib/server/db/migrations'),
    publicUrl,
    jwtSecret: e.JWT_SECRET || undefined,
    sentryDsn: e.SENTRY_DSN || undefined,
    supportEmail: e.SUPPORT_EMAIL ?? 'support@letsema.org.za',
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM || 'Letsema <no-reply@letsema.org.za>',
    mail: readMailEnv(e),
    // Never demo users (one is an admin) in production unless asked for.
    seedDemo: flag(e.SEED_DEMO, appEnv !== 'production'),
    printDemoLogins: e.PRINT_DEMO_LOGINS === 'true',
    demoPassword: e.DEMO_PASSWORD || undefined,
    // As the Node adapter reads it: unset is localhost, but an empty HOST listens on every interface.
    host: e.HOST ?? 'localhost',
    allowDevOnNetwork: e.ALLOW_DEV_ON_NETWORK === 'true',
    metricsToken: e.METRICS_TOKEN || undefined,
    trustedProxies: parseTrustedProxies(e.TRUSTED_PROXIES),
    backgroundJobs: flag(e.BACKGROUND_JOBS, appEnv !== 'test'),
    pageViewFlushMs: Math.max(50, Number(e.PAGE_VIEW_FLUSH_MS) || (appEnv === 'test' ? 250 : 10_000)),
    payments: readPaymentEnv(e, appEnv, publicUrl),
    captcha: readCaptchaEnv(e),
    rateLimitFactor: Math.max(1, Math.floor(Number(e.RATE_LIMIT_FACTOR) || 1)),
    s3: readS3Env(e),
  };
}

function readCaptchaEnv(e: NodeJS.ProcessEnv): ServerEnv['captcha'] {
  return {
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY || undefined,
    recaptchaSecret: e.RECAPTCHA_SECRET || undefined,
    altchaHmacKey: e.ALTCHA_HMAC_KEY || undefined,
    altchaMaxNumber: Math.max(1, Math.floor(Number(e.ALTCHA_MAX_NUMBER) || 50_000)),
  };
}

const positive = (value: string | undefined, fallback: number): number =>
  Number(value) > 0 ? Math.floor(Number(value)) : fallback;

function readMailEnv(e: NodeJS.ProcessEnv): MailEnv {
  const retryBaseMs = positive(e.MAIL_RETRY_BASE_MS, 30_000);
  return {
    worker: e.MAIL_WORKER !== 'false',
    retryBaseMs,
    retryMaxMs: Math.max(retryBaseMs, positive(e.MAIL_RETRY_MAX_MS, 6 * 60 * 60 * 1000)),
    maxAttempts: positive(e.MAIL_MAX_ATTEMPTS, 12),
  };
}

/**
 * S3 storage is on as soon as any of S3_ENDPOINT, S3_BUCKET or the keys is set; a partial
 * configuration stops the process at start, rather than losing the first upload to local disk.
 */
export function readS3Env(e: NodeJS.ProcessEnv): S3Env | null {
  const given = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    (name) => e[name],
  );
  if (given.length === 0) return null;
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !e[name]);
  if (missing.length > 0)
    throw new Error(
      `Object storage is half configured: ${given.join(', ')} set but ${missing.join(', ')} not.`,
    );
  const region = e.S3_REGION || 'us-east-1';
  const endpoint = (e.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  // Keys belong in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, where no log line or error message shows them.
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password)
    throw new Error('S3_ENDPOINT must be an http(s) URL without credentials in it.');
  return {
    endpoint,
    bucket: e.S3_BUCKET as string,
    region,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: e.S3_FORCE_PATH_STYLE !== 'false',
  };
}

/** A gateway's address setting: the simulator's when unset, without a trailing slash. */
const gatewayUrl = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, '');

function readPaymentEnv(e: NodeJS.ProcessEnv, appEnv: ServerEnv['appEnv'], publicUrl: string): PaymentEnv {
  const sandbox = `${publicUrl}/sandbox`;
  return {
    sandboxEnabled: appEnv !== 'production' && e.PAYMENT_SANDBOX !== 'false',
    payfast: readPayfastEnv(e, appEnv, sandbox),
    ozow: readOzowEnv(e, appEnv, sandbox),
    paypal: {
      apiUrl: gatewayUrl(e.PAYPAL_API_URL, `${sandbox}/paypal`),
      clientId: e.PAYPAL_CLIENT_ID || 'sandbox-client-id',
      clientSecret: e.PAYPAL_CLIENT_SECRET || 'sandbox-client-secret',
      webhookId: e.PAYPAL_WEBHOOK_ID || 'sandbox-webhook',
    },
    iveri: {
      processUrl: gatewayUrl(e.IVERI_PROCESS_URL, `${sandbox}/iveri/Lite/Authorise`),
      queryUrl: gatewayUrl(e.IVERI_QUERY_URL, `${sandbox}/iveri/Lite/AuthoriseInfo`),
      applicationId: e.IVERI_APPLICATION_ID || '{00000000-0000-0000-0000-00000000AB0C}',
    },
    snapscan: readSnapscanEnv(e, sandbox),
    paysoft: {
      apiUrl: gatewayUrl(e.PAYSOFT_API_URL, `${sandbox}/paysoft/API`),
      apiKey: e.PAYSOFT_API_KEY || 'sandbox-paysoft-key',
      clientCode: e.PAYSOFT_CLIENT_CODE || 'LET001',
    },
    eft: readEftEnv(e),
    usdToZarRate: Number(e.USD_TO_ZAR_RATE || 18),
  };
}

function readPayfastEnv(
  e: NodeJS.ProcessEnv,
  appEnv: ServerEnv['appEnv'],
  sandbox: string,
): PaymentEnv['payfast'] {
  return {
    processUrl: gatewayUrl(e.PAYFAST_PROCESS_URL, `${sandbox}/payfast`),
    apiUrl: gatewayUrl(e.PAYFAST_API_URL, `${sandbox}/payfast/api`),
    merchantId: e.PAYFAST_MERCHANT_ID || '10000100',
    merchantKey: e.PAYFAST_MERCHANT_KEY || '46f0cd694581a',
    passphrase: e.PAYFAST_PASSPHRASE ?? 'jt7NOE43FZPn',
    validSourceAddresses: e.PAYFAST_VALID_SOURCES
      ? list(e.PAYFAST_VALID_SOURCES)
      : appEnv === 'production'
        ? [...PAYFAST_PUBLISHED_SOURCES]
        : [],
    apiTesting: e.PAYFAST_API_TESTING === 'true',
  };
}

function readOzowEnv(e: NodeJS.ProcessEnv, appEnv: ServerEnv['appEnv'], sandbox: string): PaymentEnv['ozow'] {
  return {
    processUrl: gatewayUrl(e.OZOW_PROCESS_URL, `${sandbox}/ozow`),
    apiUrl: gatewayUrl(e.OZOW_API_URL, `${sandbox}/ozow`),
    siteCode: e.OZOW_SITE_CODE || 'TSTSTE0001',
    privateKey: e.OZOW_PRIVATE_KEY || 'sandbox-private-key',
    apiKey: e.OZOW_API_KEY || 'sandbox-api-key',
    isTest: e.OZOW_IS_TEST ? e.OZOW_IS_TEST === 'true' : appEnv !== 'production',
  };
}

function readSnapscanEnv(e: NodeJS.ProcessEnv, sandbox: string): PaymentEnv['snapscan'] {
  return {
    qrUrl: gatewayUrl(e.SNAPSCAN_QR_URL, `${sandbox}/snapscan/qr`),
    apiUrl: gatewayUrl(e.SNAPSCAN_API_URL, `${sandbox}/snapscan/merchant/api/v1`),
    merchantId: e.SNAPSCAN_MERCHANT_ID || 'letsema-sandbox',
    apiKey: e.SNAPSCAN_API_KEY || 'sandbox-api-key',
    webhookAuthKey: e.SNAPSCAN_WEBHOOK_AUTH_KEY || 'sandbox-webhook-auth-key',
  };
}

function readEftEnv(e: NodeJS.ProcessEnv): PaymentEnv['eft'] {
  return {
    bankName: e.EFT_BANK_NAME || 'First National Bank',
    accountName: e.EFT_ACCOUNT_NAME || 'Letsema Fundraising NPC',
    accountNumber: e.EFT_ACCOUNT_NUMBER || '62812345678',
    branchNumber: e.EFT_BRANCH_NUMBER || '250655',
  };
}

export const env: ServerEnv = readEnv();
warnAboutSandboxGateways(env);

/**
 * In production the simulator is off, so a gateway still pointing at it cannot take money:
 * say so once, loudly, at start rather than on a donor's failed checkout.
 */
function warnAboutSandboxGateways(config: ServerEnv): void {
  if (!config.isProduction) return;
  const { payfast, ozow, paypal, iveri, snapscan, paysoft } = config.payments;
  const unset = [
    ['PAYFAST_PROCESS_URL', payfast.processUrl],
    ['PAYFAST_API_URL', payfast.apiUrl],
    ['OZOW_PROCESS_URL', ozow.processUrl],
    ['OZOW_API_URL', ozow.apiUrl],
    ['PAYPAL_API_URL', paypal.apiUrl],
    ['IVERI_PROCESS_URL', iveri.processUrl],
    ['IVERI_QUERY_URL', iveri.queryUrl],
    ['SNAPSCAN_QR_URL', snapscan.qrUrl],
    ['SNAPSCAN_API_URL', snapscan.apiUrl],
    ['PAYSOFT_API_URL', paysoft.apiUrl],
  ].filter(([, url]) => url?.startsWith(`${config.publicUrl}/sandbox`));
  if (unset.length > 0)
    log.warn(
      { area: 'payments', settings: unset.map(([name]) => name) },
      'APP_ENV=production but these settings still point at the simulator, which is off in production: those gateways cannot take payments. See README "Payments and captcha".',
    );
}

/** `localhost`, 127.0.0.0/8 and ::1 (bracketed or IPv4-mapped too): reachable from this machine only (not '', every interface). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  if (/^127(\.\d{1,3}){3}$/.test(v4)) return true;
  return h === '::1' || h === '0:0:0:0:0:0:0:1';
}

/**
 * Outside production the server hands out mail (the dev outbox), fakes payments (the simulator)
 * and has demo logins: fine on a developer's own machine, not on a network. The reason to refuse
 * to serve, or null when the configuration is safe.
 */
export function devOnNetworkProblem(
  config: Pick<ServerEnv, 'isProduction' | 'appEnv' | 'host' | 'allowDevOnNetwork'>,
): string | null {
  if (config.isProduction || config.allowDevOnNetwork || isLoopbackHost(config.host)) return null;
  return (
    `Refusing to start: APP_ENV is ${config.appEnv} (not production) and HOST=${config.host} is reachable from the network. ` +
    'Development mode serves the mail outbox, the payment simulator and demo logins. ' +
    'To run it for real set APP_ENV=production (see README "Running it for real"); ' +
    'to share development mode on a trusted network set ALLOW_DEV_ON_NETWORK=true; ' +
    'or leave HOST unset (localhost).'
  );
}

/**
 * The server process's first app code calls this (src/middleware.ts): stop with the reason rather
 * than serve development mode to the network.
 */
export function refuseDevModeOnNetwork(config: ServerEnv = env): void {
  const problem = devOnNetworkProblem(config);
  if (!problem) return;
  log.fatal(problem);
  process.exit(1);
}

/** DATA_DIR, created on first use. */
export function dataPath(...parts: string[]): string {
  mkdirSync(env.dataDir, { recursive: true });
  return resolve(env.dataDir, ...parts);
}
