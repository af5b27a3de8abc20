import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '~/lib/ids';
import { getDb } from '~/lib/server/db';
import { mailQueue, mailQueueAttachments } from '~/lib/server/db/schema';
import { env } from '~/lib/server/platform/env';
import { addressOf } from './send';
import { processMailWorker } from './worker';

/**
 * The development outbox (/dev/outbox, /dev/outbox.json; no SMTP_URL, outside production): a view
 * of the mail queue's delivered rows. Reading it first lets this process's worker deliver what is
 * due, so a test reading the outbox right after a request finds the mail that request queued.
 */

/** An attachment as the outbox shows it: its bytes are downloaded from `url`. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** /dev/outbox/{id}/attachments/{index}: the bytes, as a download. */
  url: string;
}

/** A delivered mail, as /dev/outbox.json lists it. */
export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The http(s) URLs in the text body, in order, without repeats. */
  links: string[];
  attachments: OutboxAttachment[];
  /** When it was queued, ISO 8601. */
  createdAt: string;
}

/** The http(s) URLs in a text, without trailing sentence punctuation, each once. */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'`]+/g) ?? [];
  return [...new Set(found.map((url) => url.replace(/[.,;:!?)\]]+$/, '')))];
}

async function deliverDueMail(): Promise<void> {
  if (env.mail.worker) await processMailWorker().runOnce();
}

const outboxColumns = {
  id: mailQueue.id,
  to: mailQueue.recipient,
  subject: mailQueue.subject,
  text: mailQueue.text,
  html: mailQueue.html,
  createdAt: mailQueue.createdAt,
};

type OutboxRow = { [K in keyof typeof outboxColumns]: (typeof outboxColumns)[K]['_']['data'] };

async function withAttachments(rows: OutboxRow[]): Promise<OutboxMessage[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const files = await db
    .select({
      mailId: mailQueueAttachments.mailId,
      position: mailQueueAttachments.position,
      filename: mailQueueAttachments.filename,
      contentType: mailQueueAttachments.contentType,
      size: sql<number>`octet_length(${mailQueueAttachments.content})`.mapWith(Number),
    })
    .from(mailQueueAttachments)
    .where(
      inArray(
        mailQueueAttachments.mailId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(mailQueueAttachments.position);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    from: env.mailFrom,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: linksIn(row.text),
    attachments: files
      .filter((f) => f.mailId === row.id)
      .map((f) => ({
        filename: f.filename,
        contentType: f.contentType,
        size: f.size,
        url: `/dev/outbox/${row.id}/attachments/${f.position}`,
      })),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Delivered mail, newest first; `to` matches the recipient's address in any case. */
export async function listOutbox(filter: { to?: string } = {}): Promise<OutboxMessage[]> {
  const db = await getDb();
  await deliverDueMail();
  const rows = await db
    .select(outboxColumns)
    .from(mailQueue)
    .where(
      and(eq(mailQueue.state, 'sent'), filter.to ? eq(mailQueue.address, addressOf(filter.to)) : undefined),
    )
    .orderBy(desc(mailQueue.seq));
  return withAttachments(rows);
}

/** One delivered mail, or null when the id is unknown (or not an id at all). */
export async function getOutboxMessage(id: string): Promise<OutboxMessage | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  await deliverDueMail();
  const rows = await db
    .select(outboxColumns)
    .from(mailQueue)
    .where(and(eq(mailQueue.id, id), eq(mailQueue.state, 'sent')));
  const [message] = await withAttachments(rows);
  return message ?? null;
}

/** One attachment of a delivered mail with its bytes, or null when either is unknown. */
export async function getOutboxAttachment(
  id: string,
  index: string,
): Promise<(OutboxAttachment & { content: Buffer }) | null> {
  if (!isUuid(id) || !/^\d{1,3}$/.test(index)) return null;
  const db = await getDb();
  const [file] = await db
    .select({
      filename: mailQueueAttachments.filename,
      contentType: mailQueueAttachments.contentType,
      content: mailQueueAttachments.content,
    })
    .from(mailQueueAttachments)
    .innerJoin(mailQueue, eq(mailQueue.id, mailQueueAttachments.mailId))
    .where(
      and(
        eq(mailQueueAttachments.mailId, id),
        eq(mailQueueAttachments.position, Number(index)),
        eq(mailQueue.state, 'sent'),
      ),
    );
  if (!file) return null;
  return {
    filename: file.filename,
    contentType: file.contentType,
    size: file.content.length,
    url: `/dev/outbox/${id}/attachments/${index}`,
    content: file.content,
  };
}
