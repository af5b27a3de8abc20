import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMessage {
  /** The envelope's sender and recipients (MAIL FROM, RCPT TO). */
  from: string;
  to: string[];
  /** The message as it came over the wire: headers and MIME body (quoted-printable, so links are wrapped). */
  raw: string;
  /** Decoded from `raw`. */
  subject: string;
  text: string;
  html: string;
  /** The http(s) URLs of the decoded text part, in order. */
  links: string[];
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  /** Every message received so far, oldest first. */
  messages: CapturedMessage[];
  /** The first message (received already or later) with `to` among its recipients, any case. */
  waitForMessage(to: string, timeoutMs?: number): Promise<CapturedMessage>;
  stop(): Promise<void>;
}

export interface SmtpServerOptions {
  /** Listen here (a server stopped and started again, as after an outage); a free port by default. */
  port?: number;
  /** Recipients refused at RCPT TO with a permanent 550, while this says so. */
  refuse?: (to: string) => boolean;
}

/** The Message-ID header of a captured message, e.g. `<id@host>`. */
export function messageIdOf(message: CapturedMessage): string | null {
  return /^Message-ID:\s*(<[^>]+>)/im.exec(message.raw)?.[1] ?? null;
}

/**
 * A real SMTP server on 127.0.0.1 and a free port that accepts any mail
 * without authentication or TLS and keeps it in memory. Used by the unit and
 * end-to-end tests to check what the app sends over SMTP.
 */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: CapturedMessage[] = [];
  const waiters = new Set<{ to: string; resolve: (m: CapturedMessage) => void }>();
  const isFor = (m: CapturedMessage, to: string): boolean => m.to.some((r) => r.toLowerCase() === to);

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Stopping should not wait out a client's idle connection.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address.toLowerCase())) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message: CapturedMessage = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        };
        messages.push(message);
        for (const waiter of waiters) {
          if (isFor(message, waiter.to)) {
            waiters.delete(waiter);
            waiter.resolve(message);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMessage(to, timeoutMs = 10_000) {
      const wanted = to.toLowerCase();
      const already = messages.find((m) => isFor(m, wanted));
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = {
          to: wanted,
          resolve: (m: CapturedMessage) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms (received ${messages.length}).`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(source: string): MimePart {
  const [head = '', ...rest] = source.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: rest.join('\r\n\r\n') };
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: MimePart): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The leaf parts of a MIME message, multipart containers opened recursively. */
function leafParts(part: MimePart): MimePart[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1, -1);
  return sections.flatMap((section) => leafParts(splitPart(section.replace(/^\r?\n/, ''))));
}

/** Subject, decoded text and HTML bodies, and the text's links, of a raw message. */
export function parseMail(raw: string): Pick<CapturedMessage, 'subject' | 'text' | 'html' | 'links'> {
  const message = splitPart(raw);
  const parts = leafParts(message);
  const bodyOf = (type: string): string =>
    parts
      .filter((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type))
      .map(decodeBody)
      .join('\n');
  const text = bodyOf('text/plain');
  return {
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text,
    html: bodyOf('text/html'),
    links: [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])],
  };
}
