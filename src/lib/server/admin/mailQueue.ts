import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AdminMail, AdminMailQueue } from '~/lib/contracts/admin';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { mailQueue } from '~/lib/server/db/schema';
import { conflict, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { MAIL_CHANNEL } from '~/lib/server/mail/wake';
import { mailQueueDepth } from '~/lib/server/mail/worker';
import { recordAudit } from '~/lib/server/platform/audit';
import { ADMIN_API_MESSAGES as M } from './messages';

/**
 * The back office's view of the mail queue (docs/api/admin.md "Mail"): what waits to be sent (an
 * SMTP outage shows here first), the dead letters, and sending a dead letter again.
 */

const WAITING_SHOWN = 50;
const DEAD_SHOWN = 100;

const columns = {
  id: mailQueue.id,
  recipient: mailQueue.recipient,
  subject: mailQueue.subject,
  attempts: mailQueue.attempts,
  lastError: mailQueue.lastError,
  createdAt: mailQueue.createdAt,
  state: mailQueue.state,
  nextAttemptAt: mailQueue.nextAttemptAt,
};

function viewOf(row: {
  id: string;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  state: string;
  nextAttemptAt: Date;
}): AdminMail {
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** `GET /admin/mail`: the counts, the oldest waiting mail and the newest dead letters. */
export async function listMailQueue(): Promise<AdminMailQueue> {
  const db = await getDb();
  const [depth, waiting, dead] = await Promise.all([
    mailQueueDepth(db),
    db
      .select(columns)
      .from(mailQueue)
      .where(eq(mailQueue.state, 'pending'))
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(WAITING_SHOWN),
    db
      .select(columns)
      .from(mailQueue)
      .where(eq(mailQueue.state, 'dead'))
      .orderBy(desc(mailQueue.seq))
      .limit(DEAD_SHOWN),
  ]);
  return {
    waiting: depth.pending,
    dead: depth.dead,
    waitingMail: waiting.map(viewOf),
    deadLetters: dead.map(viewOf),
  };
}

/**
 * `POST /admin/mail/{id}/resend`: a dead letter waits again, with its attempts back at 0 and due
 * at once; the workers are woken when it commits. Audited. 404 unknown, 409 not dead.
 */
export async function resendMail(admin: SessionUser, id: string): Promise<AdminMail> {
  const mailId = uuidOrNull(id);
  if (!mailId) throw notFound(M.mailNotFound);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [found] = await tx.select(columns).from(mailQueue).where(eq(mailQueue.id, mailId)).for('update');
    if (!found) throw notFound(M.mailNotFound);
    if (found.state !== 'dead') throw conflict(M.mailNotDead);
    const [row] = await tx
      .update(mailQueue)
      .set({ state: 'pending', attempts: 0, nextAttemptAt: sql`now()`, claimedBy: null, claimedUntil: null })
      .where(and(eq(mailQueue.id, mailId), eq(mailQueue.state, 'dead')))
      .returning(columns);
    if (!row) throw conflict(M.mailNotDead);
    await recordAudit(
      {
        actorId: admin.id,
        action: 'admin-mail-resend',
        entity: 'mail',
        entityId: mailId,
        // The subject says which mail it was; the address stays out of the log.
        details: { subject: found.subject, attempts: found.attempts, lastError: found.lastError },
        before: { state: 'dead', attempts: found.attempts },
        after: { state: 'pending', attempts: 0 },
      },
      tx,
    );
    await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
    return viewOf(row);
  });
}
