import { sql } from 'drizzle-orm';
import { getDb } from '~/lib/server/db';
import { mailQueue, mailQueueAttachments } from '~/lib/server/db/schema';
import type { DbOrTx, Tx } from '~/lib/server/db/types';
import { log } from '~/lib/server/platform/log';
import { countAttempt, limitOf, RATE_LIMITS } from '~/lib/server/platform/rateLimit';
import { MAIL_CHANNEL } from './wake';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent with the message (a receipt's PDF). */
  attachments?: MailAttachment[];
}

export interface SendMailOptions {
  /**
   * The transaction that writes the change the mail is about: the mail is queued in it, so it
   * goes out if and only if the change commits. Without one, the mail is queued on its own.
   */
  tx?: DbOrTx;
  /**
   * Counted against the per-recipient cap (RATE_LIMITS.mailRecipient), true
   * by default: account links, EFT instructions and invitations can be set off
   * by anyone for any address, so one address gets at most 10 of them an hour.
   * Receipts and owner notices of real payments pass false: each one costs a
   * payment to set off, and dropping one would lose a donor's or owner's record.
   */
  capped?: boolean;
}

const mailLog = log.child({ area: 'mail' });

/**
 * Queues one message (the mail queue, docs/DEPLOY.md "Mail"): the worker sends it over SMTP
 * when SMTP_URL is set, else delivers it to the development outbox (/dev/outbox), retrying
 * until it goes or becomes a dead letter. Never fails because the mail server does: only a
 * database error throws, and inside `tx` it undoes the caller's change with the mail. A capped
 * message to an address past its cap is not queued (false).
 */
export async function sendMail(message: MailMessage, options: SendMailOptions = {}): Promise<boolean> {
  const db = options.tx ?? (await getDb());
  if (options.capped !== false) {
    const rule = RATE_LIMITS.mailRecipient;
    // Counted in the caller's transaction: a change rolled back costs its recipient nothing.
    const count = await countAttempt({ rule, subject: addressOf(message.to) }, new Date(), db);
    if (count > limitOf(rule)) {
      // Without the address or subject: a flood aimed at someone must not copy them into the logs.
      mailLog.warn(
        { limit: rule.limit },
        'A mail was not queued: its recipient had the most mails an hour allows.',
      );
      return false;
    }
  }
  // Inside the caller's transaction this is a savepoint: the mail and its files go in together.
  await db.transaction((tx) => queueMail(tx, message));
  return true;
}

/**
 * Composes and queues mail in a savepoint of `tx`, the transaction of a change it must never undo
 * (money booked, a refund the gateway already made): the mail commits with the change, and if
 * composing or queuing it fails, that alone is undone and logged. `what` names it in the log.
 */
export async function mailAlongside(
  tx: DbOrTx,
  what: string,
  queue: (tx: Tx) => Promise<void>,
): Promise<void> {
  try {
    await tx.transaction(queue);
  } catch (error) {
    mailLog.error(
      { err: error, what },
      'A mail could not be queued; the change it is about stands without it.',
    );
  }
}

async function queueMail(tx: Tx, message: MailMessage): Promise<void> {
  const [row] = await tx
    .insert(mailQueue)
    .values({
      recipient: message.to,
      address: addressOf(message.to),
      subject: message.subject,
      text: message.text,
      html: message.html,
    })
    .returning({ id: mailQueue.id });
  if (!row) throw new Error('The queued mail was not returned.');
  const attachments = message.attachments ?? [];
  if (attachments.length > 0)
    await tx.insert(mailQueueAttachments).values(
      attachments.map((a, position) => ({
        mailId: row.id,
        position,
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
      })),
    );
  // Delivered at the commit, to every process; several in one transaction arrive as one.
  await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
}

/** The bare, lower-cased address of `Name <a@b.c>` or `a@b.c`. */
export function addressOf(recipient: string): string {
  return (recipient.match(/<([^>]+)>/)?.[1] ?? recipient).trim().toLowerCase();
}
