import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../support/eventually';
import { messageIdOf, startSmtpServer, type TestSmtpServer } from '../../support/smtpServer';
import { prepareServerTestEnv } from '../support/serverEnv';

// Issue 28, item 5: every mail is a row of the mail queue, written in the transaction of the change
// it is about; a worker sends it over SMTP with retries, or delivers it to the development outbox.
const testEnv = prepareServerTestEnv();
vi.stubEnv('PUBLIC_URL', 'https://letsema.test');
const { closeDb, getDb } = await import('~/lib/server/db');
const { auditLog, mailQueue } = await import('~/lib/server/db/schema');
const { sendMail } = await import('~/lib/server/mail/send');
const { claimDueMail, createMailWorker, mailQueueDepth } = await import('~/lib/server/mail/worker');
const { smtpDelivery } = await import('~/lib/server/mail/delivery');
const { getOutboxAttachment, getOutboxMessage, listOutbox } = await import('~/lib/server/mail/outbox');
const { listMailQueue, resendMail } = await import('~/lib/server/admin/mailQueue');
const { createOrPromoteAdmin } = await import('~/lib/server/admin/createAdmin');
const { loadCurrentUser } = await import('~/lib/server/accounts/claims');
const { metrics } = await import('~/lib/server/platform/metrics');
const templates = await import('~/lib/server/accounts/mailTemplates');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;

beforeAll(async () => {
  db = await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

const address = (who: string): string => `${who}.${randomUUID().slice(0, 8)}@example.co.za`;
const LINK = `https://letsema.test/auth/verify?token=${'a1b2c3d4'.repeat(8)}`;
const message = (to: string, subject = 'Hello') => ({ to, subject, text: `Hi. ${LINK}`, html: '<p>Hi.</p>' });
/** Short waits, so retries fall due within a test. */
const FAST = { retryBaseMs: 20, retryMaxMs: 40, maxAttempts: 10 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const database = () => getDb();

async function rowsTo(to: string) {
  return db.select().from(mailQueue).where(eq(mailQueue.address, to.toLowerCase()));
}

async function onlyRowTo(to: string) {
  const rows = await rowsTo(to);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
}

/** Runs the worker until the mail to `to` is no longer waiting for its next attempt (or `tries` runs). */
async function runUntil(
  worker: ReturnType<typeof createMailWorker>,
  to: string,
  done: (row: typeof mailQueue.$inferSelect) => boolean,
): Promise<typeof mailQueue.$inferSelect> {
  return eventually(
    async () => {
      await worker.runOnce();
      const row = await onlyRowTo(to);
      if (!done(row)) throw new Error(`the mail to ${to} never got there: ${JSON.stringify(row)}`);
      return row;
    },
    { tries: 200, interval: 10 },
  );
}

const sentCount = async (result: string): Promise<number> =>
  (await metrics.mailSent.get()).values.find((v) => v.labels.result === result)?.value ?? 0;

describe('the development outbox (no SMTP_URL)', () => {
  it('shows delivered mail newest first, by recipient in any case, with links and files', async () => {
    const lindiwe = address('lindiwe');
    const sipho = address('sipho');
    await sendMail({ to: lindiwe, ...templates.verificationEmail({ firstName: 'Lindiwe', link: LINK }) });
    const resetLink = 'https://letsema.test/auth/reset-password?token=r3s3t';
    await sendMail({
      to: `Sipho <${sipho.toUpperCase()}>`,
      ...templates.passwordResetEmail({ firstName: 'Sipho', link: resetLink }),
      attachments: [
        { filename: 'receipt.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 x') },
      ],
    });
    await sendMail({
      to: lindiwe,
      ...templates.welcomeEmail({ firstName: 'Lindiwe', link: 'https://letsema.test/' }),
    });

    // Read at once: the outbox first has this process deliver what is due.
    const forLindiwe = await listOutbox({ to: lindiwe.toUpperCase() });
    expect(forLindiwe.map((m) => m.subject)).toEqual([
      'Welcome to Letsema',
      'Confirm your email address for Letsema',
    ]);
    const [, verification] = forLindiwe;
    expect(verification).toMatchObject({
      to: lindiwe,
      from: 'Letsema <no-reply@letsema.org.za>',
      links: [LINK],
      attachments: [],
    });
    expect(Date.parse(verification?.createdAt ?? '')).not.toBeNaN();
    expect(await getOutboxMessage(verification?.id ?? '')).toEqual(verification);

    const [reset] = await listOutbox({ to: sipho });
    expect(reset?.links).toEqual([resetLink]);
    expect(reset?.attachments).toEqual([
      {
        filename: 'receipt.pdf',
        contentType: 'application/pdf',
        size: 10,
        url: `/dev/outbox/${reset?.id}/attachments/0`,
      },
    ]);
    const file = await getOutboxAttachment(reset?.id ?? '', '0');
    expect(file?.content.toString()).toBe('%PDF-1.4 x');
    expect(await getOutboxAttachment(reset?.id ?? '', '1')).toBeNull();
    expect((await onlyRowTo(sipho)).state).toBe('sent');
  });

  it('knows no ids that are not its own', async () => {
    expect(await getOutboxMessage('../../etc/passwd')).toBeNull();
    expect(await getOutboxMessage('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await getOutboxAttachment('../x', '0')).toBeNull();
  });
});

describe('queuing in the transaction of the change', () => {
  it('leaves no mail when the transaction rolls back, and one when it commits', async () => {
    const to = address('rollback');
    await expect(
      db.transaction(async (tx) => {
        await sendMail(message(to), { tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsTo(to)).toHaveLength(0);

    await db.transaction(async (tx) => {
      await sendMail(message(to), { tx });
    });
    expect(await onlyRowTo(to)).toMatchObject({ state: 'pending', attempts: 0, recipient: to });
  });
});

describe('the worker over SMTP', () => {
  let smtp: TestSmtpServer;
  let refused = new Set<string>();

  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: (to) => refused.has(to) });
  });

  afterAll(async () => {
    await smtp.stop();
  });

  it('sends with the sender, subject, link and a Message-ID made of the mail id', async () => {
    const to = address('thandi');
    await sendMail({ to, ...templates.verificationEmail({ firstName: 'Thandi', link: LINK }) });
    const worker = createMailWorker({ database, deliver: smtpDelivery(smtp.url), policy: FAST });
    await worker.runOnce();

    const received = await smtp.waitForMessage(to);
    const row = await onlyRowTo(to);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, lastError: null, claimedBy: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(messageIdOf(received)).toBe(`<${row.id}@letsema.test>`);
    expect(received.from).toBe('no-reply@letsema.org.za');
    expect(received.subject).toBe('Confirm your email address for Letsema');
    expect(received.links).toContain(LINK);
  });

  it('keeps mail through an outage, retrying later each time, and delivers it once when SMTP is back', async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.stop();
    const to = address('outage');
    await sendMail(message(to, 'Through the outage'));
    const worker = createMailWorker({
      database,
      deliver: smtpDelivery(`smtp://127.0.0.1:${port}`),
      policy: FAST,
    });
    const retries = await sentCount('retry');

    const waiting = await runUntil(worker, to, (row) => row.attempts >= 3);
    expect(waiting.state).toBe('pending');
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    expect(waiting.lastError).not.toContain('@');
    expect(waiting.claimedBy).toBeNull();
    expect(await sentCount('retry')).toBeGreaterThanOrEqual(retries + 3);
    expect((await mailQueueDepth(db)).pending).toBeGreaterThanOrEqual(1);

    const back = await startSmtpServer({ port });
    try {
      const sent = await runUntil(worker, to, (row) => row.state === 'sent');
      expect(sent.attempts).toBeGreaterThanOrEqual(4);
      await worker.runOnce();
      const received = back.messages.filter((m) => m.to.includes(to));
      expect(received.map(messageIdOf)).toEqual([`<${sent.id}@letsema.test>`]);
    } finally {
      await back.stop();
    }
  });

  it('makes a mail that keeps failing a dead letter, which an admin resends', async () => {
    const to = address('refused');
    refused.add(to);
    await sendMail(message(to, 'Refused every time'));
    const worker = createMailWorker({
      database,
      deliver: smtpDelivery(smtp.url),
      policy: { ...FAST, maxAttempts: 3 },
    });
    const deadBefore = await sentCount('dead');
    const dead = await runUntil(worker, to, (row) => row.state !== 'pending');
    expect(dead).toMatchObject({ state: 'dead', attempts: 3 });
    expect(dead.lastError).toMatch(/550/);
    expect(dead.lastError).not.toContain(to);
    expect(await sentCount('dead')).toBe(deadBefore + 1);

    const queue = await listMailQueue();
    expect(queue.dead).toBeGreaterThanOrEqual(1);
    expect(queue.deadLetters.find((m) => m.id === dead.id)).toMatchObject({
      recipient: to,
      subject: 'Refused every time',
      attempts: 3,
      nextAttemptAt: null,
    });

    const { userId } = await createOrPromoteAdmin(db, address('admin'));
    const admin = await loadCurrentUser(userId);
    if (!admin) throw new Error('no admin');
    refused = new Set();
    const resent = await resendMail(admin, dead.id);
    expect(resent).toMatchObject({ id: dead.id, attempts: 0 });
    await expect(resendMail(admin, dead.id)).rejects.toMatchObject({ status: 409 });
    await expect(resendMail(admin, randomUUID())).rejects.toMatchObject({ status: 404 });

    const sent = await runUntil(worker, to, (row) => row.state === 'sent');
    expect(sent.attempts).toBe(1);
    expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin-mail-resend'), eq(auditLog.entityId, dead.id)));
    expect(audit).toMatchObject({ actorId: admin.id, entity: 'mail' });
    expect(JSON.stringify(audit)).not.toContain(to);
  });
});

describe('claims', () => {
  /** A delivery that counts what it was handed, by mail id, and yields between mails. */
  function countingDelivery() {
    const delivered = new Map<string, number>();
    return {
      delivered,
      deliver: async (mail: { id: string }) => {
        await sleep(1);
        delivered.set(mail.id, (delivered.get(mail.id) ?? 0) + 1);
      },
    };
  }

  it('keep two workers on one database from sending one mail twice', async () => {
    const tag = address('pair');
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      await sendMail(message(`${i}.${tag}`, `Pair ${i}`), { capped: false });
      ids.push((await onlyRowTo(`${i}.${tag}`)).id);
    }
    const counter = countingDelivery();
    const workers = ['one', 'two'].map((id) =>
      createMailWorker({ id, database, deliver: counter.deliver, policy: FAST, batchSize: 4 }),
    );
    await Promise.all(workers.flatMap((w) => [w.runOnce(), w.runOnce()]));
    for (const id of ids) expect(counter.delivered.get(id), id).toBe(1);
    const rows = await Promise.all(ids.map((_, i) => onlyRowTo(`${i}.${tag}`)));
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('pass a mail to another worker once the lease of one that stopped runs out', async () => {
    const to = address('lease');
    await sendMail(message(to, 'Left behind'));
    // A worker that claims the mail and dies before it sends it.
    const claimed = await claimDueMail(db, 'crashed', 10, 80);
    expect(claimed.map((m) => m.recipient)).toContain(to);
    const counter = countingDelivery();
    const other = createMailWorker({ id: 'other', database, deliver: counter.deliver, policy: FAST });
    await other.runOnce();
    expect(await onlyRowTo(to)).toMatchObject({ state: 'pending', claimedBy: 'crashed' });

    const sent = await runUntil(other, to, (row) => row.state === 'sent');
    expect(sent.attempts).toBe(2);
    expect(counter.delivered.get(sent.id)).toBe(1);
  });
});
