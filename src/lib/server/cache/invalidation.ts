// Drops cached answers when the database says what they show has changed. Triggers (migration
// 0005_page_cache_notify) send NOTIFY page_cache with the tags a committed write touched; every
// process listens, so a donation booked by one process clears the campaign page in all of them.
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sharedPageStore } from '../../../../server/pageStore.ts';

const CHANNEL = 'page_cache';
const SYNC_PREFIX = 'sync:';
/** Longest a mutating request waits for its own notifications before answering anyway. */
const SYNC_TIMEOUT_MS = 2000;
const RECONNECT_MS = 1000;

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

/** The embedded database delivers a commit's notifications before the statement's promise settles. */
export async function listenOnPglite(client: PGlite): Promise<() => Promise<void>> {
  return client.listen(CHANNEL, onNotification);
}

/**
 * One dedicated connection LISTENs (a pooled one would be handed to queries). While it is down,
 * notifications could be missed, so the store is off and empty until it listens again.
 */
export function listenOnPostgres(connectionString: string, pool: pg.Pool): () => Promise<void> {
  const store = sharedPageStore();
  let client: pg.Client | undefined;
  let closed = false;
  store.setEnabled(false);

  const reconnectLater = () => {
    store.setEnabled(false);
    notifyOnPostgres = undefined;
    if (!closed) setTimeout(connect, RECONNECT_MS).unref();
  };
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('notification', (message) => onNotification(message.payload));
    next.once('error', () => {
      void next.end().catch(() => {});
    });
    next.once('end', reconnectLater);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (closed) return void (await next.end());
      notifyOnPostgres = (payload) => pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
      store.setEnabled(true);
    } catch {
      // 'end' follows and schedules the next attempt.
      void next.end().catch(() => {});
    }
  }
  void connect();
  return async () => {
    closed = true;
    notifyOnPostgres = undefined;
    await client?.end().catch(() => {});
  };
}

/**
 * Waits until this process has dropped what the writes just committed changed, so the answer to a
 * write is never followed by a stale page from the same process. PostgreSQL delivers notifications
 * in commit order: once our own marker arrives, every notification before it has been applied.
 */
export async function settleInvalidations(): Promise<void> {
  const notify = notifyOnPostgres;
  if (!notify || sharedPageStore().stats().entries === 0) return;
  const marker = `${SYNC_PREFIX}${randomUUID()}`;
  let timer: NodeJS.Timeout | undefined;
  const arrived = new Promise<void>((resolve) => {
    waiting.set(marker, resolve);
    timer = setTimeout(resolve, SYNC_TIMEOUT_MS);
  });
  try {
    await notify(marker);
    await arrived;
  } finally {
    clearTimeout(timer);
    waiting.delete(marker);
  }
}
