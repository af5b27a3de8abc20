/**
 * How queued mail wakes the workers at once rather than at their next poll. Queuing a mail sends
 * `NOTIFY mail_queue` in its transaction, so the notification arrives when (and only if) it
 * commits, in every process listening: the database's listener (db/index.ts, cache/invalidation.ts)
 * calls `mailQueued`, which wakes this process's workers. A leaf module, so the database layer
 * needs nothing of the worker.
 */

/** The NOTIFY channel of queued mail. */
export const MAIL_CHANNEL = 'mail_queue';

const wakers = new Set<() => void>();

/** Calls `wake` whenever mail may be due; returns the call that stops it. */
export function onMailQueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Mail was queued (or the listener just connected, and may have missed some): wake the workers. */
export function mailQueued(): void {
  for (const wake of wakers) wake();
}
