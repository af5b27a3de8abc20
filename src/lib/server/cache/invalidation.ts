// Drops cached answers when the database says what they show has changed. Triggers (migration
// 0005_page_cache_notify) send NOTIFY page_cache with the tags a committed write touched; every
// process listens, so a donation booked by one process clears the campaign page in all of them.
// The same connection carries the mail queue's wake-ups (NOTIFY mail_queue, mail/wake.ts).
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sharedPageStore } from '#server/pageStore.ts';

const CHANNEL = 'page_cache';
const SYNC_PREFIX = 'sync:';
/** Longest a mutating request waits for its own notifications before answering anyway. */
const SYNC_TIMEOUT_MS = 2000;
const RECONNECT_MS = 1000;
const HEARTBEAT_MS = 3000;
/** Lenient, so a busy pool is not taken for a lost connection (which would empty the cache). */
const HEARTBEAT_TIMEOUT_MS = 5000;

const waiting = new Map<string, () => void>();
let notifyOnPostgres: ((payload: string) => Promise<unknown>) | undefined;

function onNotification(payload: string | undefined): void {
  if (!payload) return;
  if (payload.startsWith(SYNC_PREFIX)) {
    waiting.get(payload)?.();
    return;
  }
  sharedPageStore().invalidate(payload.split(','));
}

/**
 * Other channels the same connection listens on, each with what a notification (or a reconnect,
 * after which some may have been missed) calls: the mail queue's (mail/wake.ts).
 */
export type OtherChannels = Record<string, () => void>;

/** The embedded database delivers a commit's notifications before the statement's promise settles. */
export async function listenOnPglite(
  client: PGlite,
  others: OtherChannels = {},
): Promise<() => Promise<void>> {
  const stops = [await client.listen(CHANNEL, onNotification)];
  for (const [channel, handler] of Object.entries(others)) {
    stops.push(await client.listen(channel, () => handler()));
    handler();
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}

/**
 * One dedicated connection LISTENs (a pooled one would be handed to queries). While it is down,
 * notifications could be missed, so the store is off and empty until it listens again.
 */
export function listenOnPostgres(
  connectionString: string,
  pool: pg.Pool,
  others: OtherChannels = {},
): () => Promise<void> {
  const store = sharedPageStore();
  let client: pg.Client | undefined;
  let closed = false;
  store.setEnabled(false);

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    client = next;
    let lost = false;
    // Whatever way the connection goes (error, end, failing to connect), try again once, later.
    const onLost = () => {
      if (lost) return;
      lost = true;
      store.setEnabled(false);
      notifyOnPostgres = undefined;
      void next.end().catch(() => {});
      if (!closed) setTimeout(connect, RECONNECT_MS).unref();
    };
    next.on('notification', (message) => {
      if (message.channel === CHANNEL) onNotification(message.payload);
      else others[message.channel]?.();
    });
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      for (const channel of Object.keys(others)) await next.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    const notify = (payload: string) => pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    notifyOnPostgres = notify;
    store.setEnabled(true);
    for (const handler of Object.values(others)) handler();
    // A connection can die without saying so (a half-open TCP link): a marker that does not come
    // back in time counts as a lost connection: nothing stale outlives a heartbeat and its timeout (8 s).
    const heartbeat = setInterval(async () => {
      if (lost || closed) return clearInterval(heartbeat);
      if (!(await roundTrip(notify, HEARTBEAT_TIMEOUT_MS)) && !lost && !closed) onLost();
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }
  void connect();
  return async () => {
    closed = true;
    notifyOnPostgres = undefined;
    await client?.end().catch(() => {});
  };
}

/**
 * Sends a marker through the database and waits for it to come back to this process's listener.
 * PostgreSQL delivers notifications in commit order, so once it is back, every notification
 * committed before it has been applied. False when it did not come back in time.
 */
async function roundTrip(notify: (payload: string) => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  const marker = `${SYNC_PREFIX}${randomUUID()}`;
  let timer: NodeJS.Timeout | undefined;
  const arrived = new Promise<boolean>((resolve) => {
    waiting.set(marker, () => resolve(true));
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    await notify(marker);
    return await arrived;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    waiting.delete(marker);
  }
}

/**
 * Waits until this process has dropped what the writes just committed changed, so the answer to a
 * write is never followed by a stale page from the same process.
 */
export async function settleInvalidations(): Promise<void> {
  const notify = notifyOnPostgres;
  if (!notify || sharedPageStore().stats().entries === 0) return;
  await roundTrip(notify, SYNC_TIMEOUT_MS);
}
