import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { onShutdown, SHUTDOWN_ORDER } from '#server/lifecycle.ts';
import { openedDb } from '~/lib/server/db';
import { mailQueue, mailQueueAttachments } from '~/lib/server/db/schema';
import type { Db } from '~/lib/server/db/types';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { metrics, provideMetricSource } from '~/lib/server/platform/metrics';
import { configuredDelivery, type Deliver, type QueuedMail } from './delivery';
import { failureText, type RetryPolicy, retryDelayMs } from './retry';
import type { MailAttachment } from './send';
import { onMailQueued } from './wake';

/**
 * The mail queue's worker (docs/DEPLOY.md "Mail"). Every server process runs one (MAIL_WORKER):
 * it claims due mail, sends it, and marks each sent, due again later (4 times longer each time)
 * or dead. Claims keep processes apart: one UPDATE takes up to a batch of due rows that no other
 * transaction holds (FOR UPDATE SKIP LOCKED) and no live lease covers, and gives them this
 * worker's lease. A process that dies mid-send leaves its lease to run out; then another takes
 * the mail. A queued mail wakes the workers at once (NOTIFY, mail/wake.ts); they also look every
 * few seconds, and when the next retry falls due.
 */

const mailLog = log.child({ area: 'mail' });

export interface MailWorkerOptions {
  /** Names the worker in `claimed_by`; host, process and a random part by default. */
  id?: string;
  /** The database, or null while it is not open (then the run does nothing). Never opens it by default. */
  database?: () => Promise<Db | null>;
  /** How a mail goes out: SMTP_URL's server, or the development outbox. */
  deliver?: Deliver;
  policy?: RetryPolicy;
  /** Mails claimed (and sent side by side) at once. */
  batchSize?: number;
  /** How long a claim is this worker's alone: longer than the slowest send (SMTP gives up after 50 s). */
  leaseMs?: number;
  /** The longest time between two looks at the queue. */
  pollMs?: number;
}

export interface MailWorker {
  readonly id: string;
  /**
   * Sends everything due now, after any run already going (so mail committed before the call is
   * included); resolves with the mails attempted.
   */
  runOnce(): Promise<number>;
  /** Starts polling and listening for queued mail. */
  start(): void;
  /** Stops polling and waits for the mail being sent now. */
  stop(): Promise<void>;
}

const BATCH_SIZE = 10;
const LEASE_MS = 2 * 60 * 1000;
const POLL_MS = 5000;
/** Sent mail is kept this long (the outbox, a look at what went out), then deleted. */
const KEEP_SENT_DAYS = 7;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

type Claimed = Omit<QueuedMail, 'attachments'> & { attempts: number; claimedUntil: Date | null };

type Outcome =
  | { result: 'sent' }
  | { result: 'retry'; delayMs: number; error: string }
  | { result: 'dead'; error: string };

const afterMs = (ms: number): SQL => sql`now() + (${ms}::double precision * interval '1 millisecond')`;

/** Claims up to `limit` due mails for `workerId` until its lease ends, counting the attempt. */
export async function claimDueMail(
  db: Db,
  workerId: string,
  limit: number,
  leaseMs: number,
): Promise<Claimed[]> {
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(
      and(
        eq(mailQueue.state, 'pending'),
        lte(mailQueue.nextAttemptAt, sql`now()`),
        or(isNull(mailQueue.claimedUntil), lt(mailQueue.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailQueue.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailQueue)
    .set({
      claimedBy: workerId,
      claimedUntil: afterMs(leaseMs),
      attempts: sql`${mailQueue.attempts} + 1`,
    })
    .where(inArray(mailQueue.id, due))
    .returning({
      id: mailQueue.id,
      recipient: mailQueue.recipient,
      subject: mailQueue.subject,
      text: mailQueue.text,
      html: mailQueue.html,
      attempts: mailQueue.attempts,
      claimedUntil: mailQueue.claimedUntil,
    });
}

async function attachmentsOf(db: Db, ids: string[]): Promise<Map<string, MailAttachment[]>> {
  const rows = await db
    .select()
    .from(mailQueueAttachments)
    .where(inArray(mailQueueAttachments.mailId, ids))
    .orderBy(mailQueueAttachments.mailId, mailQueueAttachments.position);
  const byMail = new Map<string, MailAttachment[]>();
  for (const row of rows) {
    const list = byMail.get(row.mailId) ?? [];
    list.push({ filename: row.filename, contentType: row.contentType, content: row.content });
    byMail.set(row.mailId, list);
  }
  return byMail;
}

/** Records an attempt's outcome, if the claim is still this worker's. */
async function settle(db: Db, workerId: string, id: string, outcome: Outcome): Promise<boolean> {
  const released = { claimedBy: null, claimedUntil: null };
  const change =
    outcome.result === 'sent'
      ? { ...released, state: 'sent', sentAt: sql`now()`, lastError: null }
      : outcome.result === 'retry'
        ? { ...released, nextAttemptAt: afterMs(outcome.delayMs), lastError: outcome.error }
        : { ...released, state: 'dead', lastError: outcome.error };
  const rows = await db
    .update(mailQueue)
    .set(change)
    .where(and(eq(mailQueue.id, id), eq(mailQueue.claimedBy, workerId)))
    .returning({ id: mailQueue.id });
  return rows.length > 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Settles, trying again while the lease lasts: a mail that went out but could not be marked
 * (the database restarting) would otherwise be sent again once the lease ends.
 */
async function settleWithinLease(db: Db, workerId: string, mail: Claimed, outcome: Outcome): Promise<void> {
  const deadline = (mail.claimedUntil?.getTime() ?? Date.now()) - 5000;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      if (!(await settle(db, workerId, mail.id, outcome)))
        mailLog.warn(
          { mailId: mail.id },
          'A mail’s lease ran out while it was being sent: another worker took it.',
        );
      return;
    } catch (error) {
      if (Date.now() + wait > deadline) {
        mailLog.error(
          { mailId: mail.id, err: error },
          'Could not record a mail attempt; it is tried again once its lease ends.',
        );
        return;
      }
      await sleep(wait);
    }
  }
}

/** How long until the next mail falls due (a retry, or a lease running out), at most `pollMs`. */
async function nextDueInMs(db: Db, pollMs: number): Promise<number> {
  const [row] = await db
    .select({
      ms: sql<
        number | null
      >`extract(epoch from (min(greatest(${mailQueue.nextAttemptAt}, coalesce(${mailQueue.claimedUntil}, ${mailQueue.nextAttemptAt}))) - now())) * 1000`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
    })
    .from(mailQueue)
    .where(eq(mailQueue.state, 'pending'));
  const ms = row?.ms;
  return ms === null || ms === undefined ? pollMs : Math.min(pollMs, Math.max(0, Math.ceil(ms)));
}

/** Deletes sent mail older than KEEP_SENT_DAYS: it holds addresses and one-time links. */
async function sweepSentMail(db: Db): Promise<void> {
  await db
    .delete(mailQueue)
    .where(
      and(
        eq(mailQueue.state, 'sent'),
        lt(mailQueue.sentAt, sql`now() - make_interval(days => ${KEEP_SENT_DAYS})`),
      ),
    );
}

export function createMailWorker(options: MailWorkerOptions = {}): MailWorker {
  const id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const database = options.database ?? openedDb;
  const deliver = options.deliver ?? configuredDelivery();
  const policy = options.policy ?? env.mail;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const pollMs = options.pollMs ?? POLL_MS;

  let chain: Promise<unknown> = Promise.resolve();
  let queued: Promise<number> | null = null;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => void) | undefined;
  let lastSweep = 0;
  // Runs begin in the context the worker started in, never in that of the request whose mail woke
  // it: its queries are not that request's (tests bound a request's queries), nor its timers.
  let outsideRequests: <R>(work: () => R) => R = (work) => work();

  async function attempt(db: Db, mail: Claimed, attachments: MailAttachment[]): Promise<void> {
    let outcome: Outcome;
    try {
      await deliver({ ...mail, attachments });
      outcome = { result: 'sent' };
    } catch (error) {
      const delayMs = retryDelayMs(mail.attempts, policy);
      const text = failureText(error);
      outcome =
        delayMs === null ? { result: 'dead', error: text } : { result: 'retry', delayMs, error: text };
    }
    metrics.mailSent.inc({ result: outcome.result });
    if (outcome.result === 'retry')
      mailLog.warn(
        { mailId: mail.id, attempts: mail.attempts, retryInMs: outcome.delayMs, error: outcome.error },
        'A mail could not be sent; it is tried again later.',
      );
    else if (outcome.result === 'dead')
      mailLog.error(
        { mailId: mail.id, attempts: mail.attempts, error: outcome.error },
        'A mail could not be sent and is out of attempts: it is a dead letter (the back office can resend it).',
      );
    else mailLog.debug({ mailId: mail.id, attempts: mail.attempts }, 'Mail sent.');
    await settleWithinLease(db, id, mail, outcome);
  }

  async function drain(): Promise<number> {
    const db = await database();
    if (!db) {
      if (started && !stopped) schedule(pollMs);
      return 0;
    }
    let attempted = 0;
    while (!stopped) {
      const claimed = await claimDueMail(db, id, batchSize, leaseMs);
      if (claimed.length === 0) break;
      attempted += claimed.length;
      const files = await attachmentsOf(
        db,
        claimed.map((m) => m.id),
      );
      await Promise.all(claimed.map((mail) => attempt(db, mail, files.get(mail.id) ?? [])));
      if (claimed.length < batchSize) break;
    }
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await sweepSentMail(db);
    }
    if (started && !stopped) schedule(await nextDueInMs(db, pollMs));
    return attempted;
  }

  function schedule(ms: number): void {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => outsideRequests(() => void runOnce()), ms).unref();
  }

  function runOnce(): Promise<number> {
    // A run not started yet sees everything committed so far: share it.
    if (queued) return queued;
    const run = chain.then(async () => {
      queued = null;
      try {
        return await drain();
      } catch (error) {
        mailLog.warn({ err: error }, 'The mail queue could not be read; trying again shortly.');
        if (started && !stopped) schedule(pollMs);
        return 0;
      }
    });
    queued = run;
    chain = run;
    return run;
  }

  return {
    id,
    runOnce,
    start() {
      if (started) return;
      started = true;
      outsideRequests = AsyncLocalStorage.snapshot();
      // Woken from the listener's callback: run on a later turn, not inside the database's delivery.
      stopListening = onMailQueued(() => setImmediate(() => outsideRequests(() => void runOnce())));
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopListening?.();
      await chain;
    },
  };
}

let processWorker: MailWorker | undefined;
let processWorkerStarted = false;

/** This process's worker (the one `startMailWorker` runs and the development outbox flushes). */
export function processMailWorker(): MailWorker {
  processWorker ??= createMailWorker();
  return processWorker;
}

/** Queued mail that has not gone out yet, and dead letters: the `letsema_mail_queue_depth` gauge. */
export async function mailQueueDepth(db: Db): Promise<{ pending: number; dead: number }> {
  const rows = await db
    .select({ state: mailQueue.state, n: sql<number>`count(*)`.mapWith(Number) })
    .from(mailQueue)
    .where(inArray(mailQueue.state, ['pending', 'dead']))
    .groupBy(mailQueue.state);
  const of = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
  return { pending: of('pending'), dead: of('dead') };
}

/**
 * Starts this process's worker once (src/middleware.ts), unless MAIL_WORKER is false. It runs
 * also under APP_ENV=test: the suites read mail right after the request that sent it. It never
 * opens the database itself: it starts looking once something else has.
 */
export function startMailWorker(): boolean {
  if (!env.mail.worker || processWorkerStarted) return false;
  processWorkerStarted = true;
  const worker = processMailWorker();
  worker.start();
  provideMetricSource('mailQueueDepth', async () => {
    const db = await openedDb();
    return db ? mailQueueDepth(db) : { pending: 0, dead: 0 };
  });
  onShutdown('mail worker', SHUTDOWN_ORDER.mail, () => worker.stop());
  return true;
}
