import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, timestamptz } from './columns';

/** Raw bytes (a receipt's PDF), as a Buffer both ways. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The mail queue (the outbox pattern, docs/DEPLOY.md "Mail"): every mail is a row, written in the
 * transaction of the change that causes it; the worker (src/lib/server/mail/worker.ts) sends it
 * and marks it. `id` is also the SMTP Message-ID (`<id@host of PUBLIC_URL>`), the same on every
 * attempt, so a receiver can tell a repeat.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The order mails were queued in (several in one transaction share `created_at`). */
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    /** As the caller wrote it: `a@b.c` or `Name <a@b.c>`. */
    recipient: text().notNull(),
    /** The bare, lower-cased address of `recipient` (the outbox's filter, account deletion). */
    address: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** pending (waiting for its next attempt), sent, or dead (out of attempts: an admin may resend it). */
    state: text().notNull().default('pending'),
    /** Attempts so far; counted when a worker claims the mail, so a crash mid-send counts too. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    /** The worker holding the mail, until `claimed_until` (its lease); after that another may take it. */
    claimedBy: text(),
    claimedUntil: timestamptz(),
    /** Why the last attempt failed, without addresses or secrets. */
    lastError: text(),
    sentAt: timestamptz(),
  },
  (t) => [
    check('mail_queue_state_check', sql`${t.state} in ('pending', 'sent', 'dead')`),
    // The worker's claim: due mail, oldest first.
    index('mail_queue_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    // The back office's dead letters, newest first.
    index('mail_queue_dead_idx').on(t.seq).where(sql`${t.state} = 'dead'`),
    // The development outbox (by recipient) and account deletion.
    index().on(t.address, t.seq),
    // The sweep of old sent mail.
    index('mail_queue_sent_idx').on(t.sentAt).where(sql`${t.state} = 'sent'`),
  ],
);

/** A queued mail's files (a receipt's PDF), in order; deleted with the mail. */
export const mailQueueAttachments = pgTable(
  'mail_queue_attachments',
  {
    mailId: ownedBy(() => mailQueue.id),
    position: smallint().notNull(),
    filename: text().notNull(),
    contentType: text().notNull(),
    content: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailId, t.position] })],
);
