import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import type { MailAttachment } from './send';

/** A claimed mail as the worker hands it to a delivery. */
export interface QueuedMail {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

/** Hands one mail on; throws when it could not (the worker retries it later). */
export type Deliver = (mail: QueuedMail) => Promise<void>;

/**
 * The Message-ID of a queued mail, `<{id}@{host of PUBLIC_URL}>`: the same on every attempt, so a
 * receiver (or the cluster bench's SMTP sink) can tell a repeat from a new mail.
 */
export function messageIdOf(id: string, publicUrl: string = env.publicUrl): string {
  const host = URL.canParse(publicUrl) ? new URL(publicUrl).hostname : 'letsema.local';
  return `<${id}@${host.replace(/^\[|\]$/g, '') || 'letsema.local'}>`;
}

/** Over SMTP at `url`: one connection per mail, so a restarted mail server leaves no dead socket behind. */
export function smtpDelivery(url: string): Deliver {
  let transport: Transporter | undefined;
  return async (mail) => {
    transport ??= nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    await transport.sendMail({
      messageId: messageIdOf(mail.id),
      from: env.mailFrom,
      to: mail.recipient,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        content,
      })),
    });
  };
}

let warnedAboutOutbox = false;

/**
 * Without SMTP_URL a mail is delivered to the development outbox: it stays in the queue, marked
 * sent, and /dev/outbox lists it (mail/outbox.ts). Nothing leaves the machine.
 */
export const outboxDelivery: Deliver = async () => {
  if (env.isProduction && !warnedAboutOutbox) {
    warnedAboutOutbox = true;
    log.warn({ area: 'mail' }, 'SMTP_URL is not set: mail is kept in the mail queue and nobody receives it.');
  }
};

/** SMTP when SMTP_URL is set, else the development outbox. */
export function configuredDelivery(): Deliver {
  return env.smtpUrl ? smtpDelivery(env.smtpUrl) : outboxDelivery;
}
