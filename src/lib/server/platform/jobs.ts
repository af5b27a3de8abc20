import { onShutdown, SHUTDOWN_ORDER } from '#server/lifecycle.ts';
import { collectDueDebitOrders } from '~/lib/server/donations/debitOrders';
import { sendDueDonationDigests } from '~/lib/server/donations/digests';
import { sendQuietNudges } from '~/lib/server/milestones/milestones';
import { env } from './env';
import { log } from './log';
import { metrics } from './metrics';

/**
 * Periodic work of the server process. Every process runs it; the jobs claim
 * their rows atomically, so several processes on one database never do the
 * same work twice. Timers are unref'd: they never keep a script or a stopping
 * server alive.
 */

const jobLog = log.child({ area: 'jobs' });
const MINUTE_MS = 60 * 1000;
const DIGEST_INTERVAL_MS = 15 * MINUTE_MS;
/** After start-up settles (migrations, seeding, the first requests). */
const FIRST_RUN_DELAY_MS = MINUTE_MS;

let started = false;
let running: Promise<void> | undefined;
let stopped = false;
const timers: NodeJS.Timeout[] = [];

async function runDigests(): Promise<void> {
  // A slow run (a mail server timing out) is not overtaken by the next tick.
  if (running || stopped) return;
  running = sendDigests().finally(() => {
    running = undefined;
  });
  await running;
}

async function sendDigests(): Promise<void> {
  try {
    const sent = await sendDueDonationDigests();
    metrics.jobRuns.inc({ job: 'donation-digests', result: 'ok' });
    if (sent > 0) jobLog.info({ job: 'donationSummaries', sent }, 'Donation summaries sent');
  } catch (error) {
    metrics.jobRuns.inc({ job: 'donation-digests', result: 'failed' });
    jobLog.error({ job: 'donationSummaries', err: error }, 'Donation summaries failed');
  }
  try {
    const nudged = await sendQuietNudges();
    metrics.jobRuns.inc({ job: 'quiet-week-nudges', result: 'ok' });
    if (nudged > 0) jobLog.info({ job: 'quietNudges', sent: nudged }, 'Quiet-week nudges sent');
  } catch (error) {
    metrics.jobRuns.inc({ job: 'quiet-week-nudges', result: 'failed' });
    jobLog.error({ job: 'quietNudges', err: error }, 'Quiet-week nudges failed');
  }
  try {
    const submitted = await collectDueDebitOrders();
    metrics.jobRuns.inc({ job: 'debit-order-collections', result: 'ok' });
    if (submitted > 0)
      jobLog.info(
        { job: 'debitOrderCollections', submitted },
        'Debit order collections submitted to Paysoft',
      );
  } catch (error) {
    metrics.jobRuns.inc({ job: 'debit-order-collections', result: 'failed' });
    jobLog.error({ job: 'debitOrderCollections', err: error }, 'Debit order collections failed');
  }
}

/** Stops the timers and waits for a run in progress, so the database closes after it. */
export async function stopBackgroundJobs(): Promise<void> {
  stopped = true;
  for (const timer of timers) clearTimeout(timer);
  await running;
}

/**
 * Starts the jobs once per process: donation summaries and the month's debit order
 * collections (submitted to Paysoft before its cut-off) a minute after start,
 * then every 15 minutes. Off when BACKGROUND_JOBS is false (by default under
 * APP_ENV=test, so the test suites decide when digests run). Returns whether
 * this call started them.
 */
export function startBackgroundJobs(): boolean {
  if (started || !env.backgroundJobs) return false;
  started = true;
  const first = setTimeout(() => {
    void runDigests();
    timers.push(setInterval(() => void runDigests(), DIGEST_INTERVAL_MS).unref());
  }, FIRST_RUN_DELAY_MS).unref();
  timers.push(first);
  onShutdown('background jobs', SHUTDOWN_ORDER.jobs, stopBackgroundJobs);
  return true;
}
