import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer';

// The per-recipient cap counts in the database; its own test is in auth.test.ts (which has one).
// Here every message is the first to its recipient.
vi.mock('~/lib/server/platform/rateLimit', () => ({
  RATE_LIMITS: { mailRecipient: { name: 'mail:recipient', limit: 10, windowMs: 3_600_000 } },
  limitOf: (rule: { limit: number }) => rule.limit,
  countAttempt: async () => 1,
}));

type MailModule = typeof import('~/lib/server/platform/mail');
type TemplatesModule = typeof import('~/lib/server/accounts/mailTemplates');

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'letsema-mail-'));
  dirs.push(dir);
  return dir;
}

/** env.ts reads process.env once, on import: stub first, then import fresh modules. */
async function loadMail(vars: Record<string, string>): Promise<MailModule & TemplatesModule> {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  vi.resetModules();
  const mail = await import('~/lib/server/platform/mail');
  const templates = await import('~/lib/server/accounts/mailTemplates');
  return { ...mail, ...templates };
}

const LINK = `http://localhost:4321/auth/verify?token=${'a1b2c3d4'.repeat(8)}`;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('sendMail with SMTP_URL', () => {
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await smtp.stop();
  });

  it('delivers to the SMTP server with the subject, sender and link intact, and writes no outbox', async () => {
    const dataDir = tempDir();
    const { sendMail, verificationEmail } = await loadMail({
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      MAIL_FROM: 'Letsema Tests <tests@letsema.org.za>',
    });
    await sendMail({
      to: 'thandi.smtp@example.co.za',
      ...verificationEmail({ firstName: 'Thandi', link: LINK }),
    });

    const message = await smtp.waitForMessage('thandi.smtp@example.co.za');
    expect(message.from).toBe('tests@letsema.org.za');
    expect(message.subject).toBe('Confirm your email address for Letsema');
    expect(message.raw).toMatch(/^From: Letsema Tests <tests@letsema\.org\.za>/m);
    expect(message.links).toContain(LINK);
    expect(message.html).toContain(`href="${LINK}"`);
    expect(existsSync(join(dataDir, 'outbox'))).toBe(false);
  });

  it('logs the failure with its recipient and subject, and rethrows it', async () => {
    const closed = await startSmtpServer();
    await closed.stop();
    const { sendMail } = await loadMail({ SMTP_URL: closed.url, DATA_DIR: tempDir() });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await expect(
      sendMail({ to: 'nobody@example.co.za', subject: 'Hello', text: 'x', html: 'x' }),
    ).rejects.toThrow();
    expect(logged).toHaveBeenCalledOnce();
    expect(String(logged.mock.calls[0]?.[0])).toContain('"Hello" to nobody@example.co.za');
  });
});

describe('sendMail without SMTP_URL', () => {
  it('writes the message to the outbox, where listOutbox finds it with its links', async () => {
    const dataDir = tempDir();
    const mail = await loadMail({ SMTP_URL: '', DATA_DIR: dataDir });
    await mail.sendMail({
      to: 'lindiwe@example.co.za',
      ...mail.verificationEmail({ firstName: 'Lindiwe', link: LINK }),
    });
    const resetLink = 'http://localhost:4321/auth/reset-password?token=r3s3t';
    await mail.sendMail({
      to: 'Sipho <Sipho@Example.co.za>',
      ...mail.passwordResetEmail({ firstName: 'Sipho', link: resetLink }),
    });
    await mail.sendMail({
      to: 'lindiwe@example.co.za',
      ...mail.welcomeEmail({ firstName: 'Lindiwe', link: 'http://localhost:4321/home' }),
    });

    const forLindiwe = await mail.listOutbox({ to: 'LINDIWE@example.co.za' });
    expect(forLindiwe.map((m) => m.subject)).toEqual([
      'Welcome to Letsema',
      'Confirm your email address for Letsema',
    ]);
    const [, verification] = forLindiwe;
    expect(verification).toMatchObject({
      to: 'lindiwe@example.co.za',
      from: 'Letsema <no-reply@letsema.org.za>',
      links: [LINK],
    });
    expect(verification?.html).toContain(LINK);
    expect(Date.parse(verification?.createdAt ?? '')).not.toBeNaN();

    const forSipho = await mail.listOutbox({ to: 'sipho@example.co.za' });
    expect(forSipho.map((m) => m.links)).toEqual([[resetLink]]);
    expect(await mail.listOutbox()).toHaveLength(3);
    expect(await mail.getOutboxMessage(verification?.id ?? '')).toEqual(verification);
  });

  it('lists nothing before the first message and knows no ids that are not its own', async () => {
    const mail = await loadMail({ SMTP_URL: '', DATA_DIR: tempDir() });
    expect(await mail.listOutbox()).toEqual([]);
    expect(await mail.getOutboxMessage('../../etc/passwd')).toBeNull();
    expect(await mail.getOutboxMessage('0000000000000000000000')).toBeNull();
  });
});

describe('linksIn', () => {
  it('finds http(s) URLs without the punctuation that ends a sentence', async () => {
    const { linksIn } = await loadMail({});
    expect(
      linksIn(
        'Go to https://letsema.org.za/a?b=1. Or (http://localhost:4321/x), then https://letsema.org.za/a?b=1',
      ),
    ).toEqual(['https://letsema.org.za/a?b=1', 'http://localhost:4321/x']);
  });
});

describe('templates', () => {
  const cases = [
    ['verificationEmail', 'Confirm your email address for Letsema', '48 hours'],
    ['passwordResetEmail', 'Reset your Letsema password', '1 hour'],
    ['setPasswordEmail', 'Set your password for Letsema', '7 days'],
    ['welcomeEmail', 'Welcome to Letsema', null],
  ] as const;

  it.each(cases)(
    '%s has its subject, the link in both bodies, and the footer',
    async (name, subject, lifetime) => {
      const templates = await loadMail({ SUPPORT_EMAIL: 'help@letsema.test' });
      const email = templates[name]({ firstName: 'Naledi', link: LINK });
      expect(email.subject).toBe(subject);
      expect(email.text).toContain(LINK);
      expect(email.html).toContain(`href="${LINK}"`);
      expect(email.text).toContain('Hi Naledi,');
      if (lifetime) {
        expect(email.text).toContain(lifetime);
        expect(email.html).toContain(lifetime);
      }
      const company =
        'Letsema is operated by Letsema Crowdfunding (Pty) Ltd, a registered South African company.';
      for (const body of [email.text, email.html]) {
        expect(body).toContain('help@letsema.test');
        expect(body).toContain(company);
      }
    },
  );

  it.each(cases)('%s escapes the name and the link in its HTML', async (name) => {
    const templates = await loadMail({});
    const link = 'https://letsema.org.za/auth/verify?token=abc&next="><script>alert(2)</script>';
    const email = templates[name]({ firstName: '<script>alert(1)</script>', link });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(email.html).toContain('token=abc&amp;next=&quot;&gt;&lt;script&gt;');
    expect(email.text).toContain(link);
  });

  it('greets someone without a first name warmly all the same', async () => {
    const { verificationEmail } = await loadMail({});
    expect(verificationEmail({ firstName: '  ', link: LINK }).text).toMatch(/^Hi there,/);
  });
});
