import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { PaymentGateway } from '../../enums.ts';

/**
 * The process's Prometheus metrics (prom-client), served at /metrics. Each process has its own
 * registry; Prometheus scrapes every process (docs/DEPLOY.md). The metrics live on globalThis so
 * that server/main.ts and the app's bundle, which carry separate copies of this module, count
 * into the same registry.
 *
 * Labels are small closed sets (a route pattern, never a path; a gateway; a status), so a
 * metric's series stay few whatever the traffic.
 */
export interface Metrics {
  registry: Registry;
  httpRequestDuration: Histogram<'route' | 'method' | 'status'>;
  pageCacheRequests: Counter<'result'>;
  donationsCreated: Counter<'gateway'>;
  donationsBooked: Counter<'gateway'>;
  paymentNotifications: Counter<'gateway' | 'outcome'>;
  payouts: Counter<'status'>;
  mailQueueDepth: Gauge<'state'>;
  mailSent: Counter<'result'>;
  jobRuns: Counter<'job' | 'result'>;
  databasePoolInUse: Gauge;
  /** Filled by provideMetricSource; on the shared object, so both module copies see one set. */
  sources: MetricSources;
}

/** Asked at scrape time for gauges read from elsewhere (the mail queue, the pool). */
export interface MetricSources {
  mailQueueDepth?: () => Promise<Record<string, number>>;
  databasePool?: () => { inUse: number };
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const sources: MetricSources = {};
  return {
    registry,
    sources,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    pageCacheRequests: new Counter({
      name: 'letsema_page_cache_requests_total',
      help: 'Public answers asked of the page cache, by result (hit or miss).',
      labelNames: ['result'],
      registers,
    }),
    donationsCreated: new Counter({
      name: 'letsema_donations_created_total',
      help: 'Donations started (a row written, payment pending), by gateway.',
      labelNames: ['gateway'],
      registers,
    }),
    donationsBooked: new Counter({
      name: 'letsema_donations_booked_total',
      help: 'Donations confirmed as paid, by gateway.',
      labelNames: ['gateway'],
      registers,
    }),
    paymentNotifications: new Counter({
      name: 'letsema_payment_notifications_total',
      help: "Gateways' payment notifications (ITN, webhooks, callbacks), by gateway and outcome.",
      labelNames: ['gateway', 'outcome'],
      registers,
    }),
    payouts: new Counter({
      name: 'letsema_payouts_total',
      help: 'Payout requests and decisions, by the status they reached.',
      labelNames: ['status'],
      registers,
    }),
    mailQueueDepth: new Gauge({
      name: 'letsema_mail_queue_depth',
      help: 'Mail in the queue, by state (waiting to be sent, dead letters).',
      labelNames: ['state'],
      registers,
      async collect() {
        if (!sources.mailQueueDepth) return;
        for (const [state, count] of Object.entries(await sources.mailQueueDepth())) {
          this.set({ state }, count);
        }
      },
    }),
    mailSent: new Counter({
      name: 'letsema_mail_sent_total',
      help: 'Attempts to send a queued mail, by result (sent, retry, dead).',
      labelNames: ['result'],
      registers,
    }),
    jobRuns: new Counter({
      name: 'letsema_job_runs_total',
      help: 'Background job runs, by job and result (ok or failed).',
      labelNames: ['job', 'result'],
      registers,
    }),
    databasePoolInUse: new Gauge({
      name: 'letsema_db_pool_in_use',
      help: 'Database connections checked out of the pool.',
      registers,
      collect() {
        if (sources.databasePool) this.set(sources.databasePool().inUse);
      },
    }),
  };
}

const GLOBAL_KEY = Symbol.for('letsema.metrics');
type Holder = { [GLOBAL_KEY]?: Metrics };
const holder = globalThis as Holder;
holder[GLOBAL_KEY] ??= createMetrics();

/** The metrics of this process. */
export const metrics: Metrics = holder[GLOBAL_KEY];

/** Lets a module report a gauge's value at scrape time, without the metrics importing it. */
export function provideMetricSource<K extends keyof MetricSources>(key: K, source: MetricSources[K]): void {
  metrics.sources[key] = source;
}

const GATEWAY_LABELS: Readonly<Record<PaymentGateway, string>> = {
  [PaymentGateway.EFT]: 'eft',
  [PaymentGateway.InstantEFT]: 'ozow',
  [PaymentGateway.PayPal]: 'paypal',
  [PaymentGateway.PayPalCard]: 'paypal_card',
  [PaymentGateway.IVeri]: 'iveri',
  [PaymentGateway.SnapScan]: 'snapscan',
  [PaymentGateway.Recurring]: 'payfast_recurring',
  [PaymentGateway.Paysoft]: 'paysoft',
  [PaymentGateway.PayFast]: 'payfast',
};

/** A payment method as a metric label: one word per gateway. */
export function gatewayLabel(method: number): string {
  return GATEWAY_LABELS[method as PaymentGateway] ?? 'unknown';
}
