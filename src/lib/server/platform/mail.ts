import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { dataPath, env } from './env';
import { countAttempt, limitOf, RATE_LIMITS } from './rateLimit';

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

/** An attachment as the outbox keeps it: its bytes are a file beside the message, at `url`. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** /dev/outbox/{id}/attachments/{index}: the bytes, as a download. */
  url: string;
}

/** A message written to DATA_DIR/outbox because no SMTP server is configured. */
export interface OutboxMessage extends Omit<MailMessage, 'attachments'> {
  id: string;
  from: string;
  /** The http(s) URLs in the text body, in order, without repeats. */
  links: string[];
  attachments: OutboxAttachment[];
  /** ISO 8601. */
  createdAt: string;
}

let transport: Transporter | undefined;
let warnedAboutOutbox = false;

export interface SendMailOptions {
  /**
   * Counted against the per-recipient cap (RATE_LIMITS.mailRecipient), true
   * by default: account links, EFT instructions and invitations can be set off
   * by anyone for any address, so one address gets at most 10 of them an hour.
   * Receipts and owner notices of real payments pass false: each one costs a
   * payment to set off, and dropping one would lose a donor's or owner's record.
   */
  capped?: boolean;
}

/**
 * Sends one message: over SMTP when SMTP_URL is set, otherwise into the
 * outbox (listed at /dev/outbox outside production). A capped message to an
 * address past its cap is dropped (false). Failures are logged and rethrown;
 * the caller decides whether a request fails with them.
 */
export async function sendMail(message: MailMessage, options: SendMailOptions = {}): Promise<boolean> {
  if (options.capped !== false) {
    const rule = RATE_LIMITS.mailRecipient;
    const count = await countAttempt({ rule, subject: addressOf(message.to) });
    if (count > limitOf(rule)) {
      // Without the address: a flood aimed at someone should not copy their address into the logs.
      console.warn(`[mail] "${message.subject}" not sent: its recipient had ${rule.limit} mails this hour.`);
      return false;
    }
  }
  try {
    if (env.smtpUrl) await sendOverSmtp(env.smtpUrl, message);
    else await writeToOutbox(message);
  } catch (error) {
    const via = env.smtpUrl ? 'SMTP' : 'the outbox';
    console.error(`[mail] Could not send "${message.subject}" to ${message.to} through ${via}:`, error);
    throw error;
  }
  return true;
}

async function sendOverSmtp(url: string, message: MailMessage): Promise<void> {
  // One connection per message (no pool): nothing stays open between mails, so a restarted
  // mail server or a stopped test server never leaves a dead socket behind.
  transport ??= nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const { to, subject, text, html, attachments = [] } = message;
  await transport.sendMail({
    from: env.mailFrom,
    to,
    subject,
    text,
    html,
    attachments: attachments.map(({ filename, contentType, content }) => ({
      filename,
      contentType,
      content,
    })),
  });
}

function outboxDir(): string {
  return dataPath('outbox');
}

// Ids sort by time (a base-36 millisecond clock and a per-process counter), so listing the
// outbox newest first is a sort of file names; the random tail keeps processes apart.
let sequence = 0;
function newMessageId(now: number): string {
  sequence = (sequence + 1) % 36 ** 4;
  return (
    now.toString(36).padStart(9, '0') +
    sequence.toString(36).padStart(4, '0') +
    randomBytes(4).toString('hex')
  );
}

const MESSAGE_ID = /^[a-z0-9]{9,40}$/;

async function writeToOutbox(message: MailMessage): Promise<void> {
  if (env.isProduction && !warnedAboutOutbox) {
    warnedAboutOutbox = true;
    console.warn('[mail] SMTP_URL is not set: mail is written to DATA_DIR/outbox and nobody receives it.');
  }
  const now = Date.now();
  const id = newMessageId(now);
  const attachments = message.attachments ?? [];
  const stored: OutboxMessage = {
    id,
    to: message.to,
    from: env.mailFrom,
    subject: message.subject,
    text: message.text,
    html: message.html,
    links: linksIn(message.text),
    attachments: attachments.map((a, index) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: a.content.length,
      url: `/dev/outbox/${id}/attachments/${index}`,
    })),
    createdAt: new Date(now).toISOString(),
  };
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  // The bytes beside the message (not .json, so listing skips them), written before the message
  // that names them appears.
  await Promise.all(attachments.map((a, index) => writeFile(attachmentFile(id, index), a.content)));
  // Written under a temporary name and renamed, so a reader never sees half a message.
  const file = join(dir, `${stored.id}.json`);
  await writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2));
  await rename(`${file}.tmp`, file);
}

/** The http(s) URLs in a text, without trailing sentence punctuation, each once. */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'`]+/g) ?? [];
  return [...new Set(found.map((url) => url.replace(/[.,;:!?)\]]+$/, '')))];
}

/** The bare, lower-cased address of `Name <a@b.c>` or `a@b.c`. */
function addressOf(recipient: string): string {
  return (recipient.match(/<([^>]+)>/)?.[1] ?? recipient).trim().toLowerCase();
}

/** Messages in the outbox, newest first; `to` matches the recipient's address in any case. */
export async function listOutbox(filter: { to?: string } = {}): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir())).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  names.sort().reverse();
  const messages = await Promise.all(names.map((n) => readMessage(join(outboxDir(), n))));
  const wanted = filter.to ? addressOf(filter.to) : null;
  return messages.filter(
    (m): m is OutboxMessage => m !== null && (wanted === null || addressOf(m.to) === wanted),
  );
}

/** One outbox message, or null when the id is unknown (or not an id at all). */
export async function getOutboxMessage(id: string): Promise<OutboxMessage | null> {
  if (!MESSAGE_ID.test(id)) return null;
  return readMessage(join(outboxDir(), `${id}.json`));
}

async function readMessage(file: string): Promise<OutboxMessage | null> {
  try {
    const message = JSON.parse(await readFile(file, 'utf8')) as OutboxMessage;
    // Messages written before attachments were kept have none.
    return { ...message, attachments: message.attachments ?? [] };
  } catch {
    return null;
  }
}

function attachmentFile(id: string, index: number): string {
  return join(outboxDir(), `${id}.${index}.attachment`);
}

/** One attachment of an outbox message with its bytes, or null when either is unknown. */
export async function getOutboxAttachment(
  id: string,
  index: string,
): Promise<(OutboxAttachment & { content: Buffer }) | null> {
  if (!/^\d{1,3}$/.test(index)) return null;
  const message = await getOutboxMessage(id);
  const attachment = message?.attachments[Number(index)];
  if (!attachment) return null;
  try {
    return { ...attachment, content: await readFile(attachmentFile(id, Number(index))) };
  } catch {
    return null;
  }
}
