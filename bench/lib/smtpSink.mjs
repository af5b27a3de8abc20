// An SMTP server on loopback that accepts every mail and remembers its Message-ID, recipients and
// subject (not the body), for npm run bench:cluster. It can be stopped and started again on the
// same port: while stopped, a connection is refused, as when the mail server is down.
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../scripts/test-support/server.mjs';

/** The headers of a raw message (folded lines joined), lower-cased names. */
function headersOf(raw) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * @typedef {{ at: number, messageId: string, to: string[], subject: string }} SunkMail
 */

/**
 * Starts the sink on a free port of 127.0.0.1.
 * @returns {Promise<{ url: string, port: number, messages: SunkMail[], running: () => boolean,
 *   stop: () => Promise<void>, start: () => Promise<void> }>}
 */
export async function startSmtpSink() {
  const port = await freePort();
  /** @type {SunkMail[]} */
  const messages = [];
  /** @type {SMTPServer | null} */
  let server = null;

  const start = async () => {
    if (server) return;
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 100,
      size: 30 * 1024 * 1024,
      onData(stream, session, callback) {
        // Only the head is kept: a receipt's PDF need not stay in memory.
        let head = '';
        let inHead = true;
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          if (!inHead) return;
          head += chunk;
          if (/\r?\n\r?\n/.test(head)) inHead = false;
        });
        stream.on('error', callback);
        stream.on('end', () => {
          const headers = headersOf(head);
          messages.push({
            at: Date.now(),
            messageId: headers.get('message-id') ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: headers.get('subject') ?? '',
          });
          callback();
        });
      },
    });
    await new Promise((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve(undefined));
    });
    next.on('error', () => {});
    server = next;
  };

  const stop = async () => {
    const current = server;
    server = null;
    if (!current) return;
    // Stops listening at once; open sessions are cut after closeTimeout (100 ms).
    await new Promise((resolve) => current.close(() => resolve(undefined)));
  };

  await start();
  return { url: `smtp://127.0.0.1:${port}`, port, messages, running: () => server !== null, start, stop };
}
