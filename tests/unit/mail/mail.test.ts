import { afterEach, describe, expect, it, vi } from 'vitest';

// The mail queue itself (queuing, the worker, SMTP, the outbox) is tests/unit/mail/mailQueue.test.ts.

type OutboxModule = typeof import('~/lib/server/mail/outbox');
type TemplatesModule = typeof import('~/lib/server/accounts/mailTemplates');

/** env.ts reads process.env once, on import: stub first, then import fresh modules. */
async function loadMail(vars: Record<string, string>): Promise<OutboxModule & TemplatesModule> {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  vi.resetModules();
  const outbox = await import('~/lib/server/mail/outbox');
  const templates = await import('~/lib/server/accounts/mailTemplates');
  return { ...outbox, ...templates };
}

const LINK = `http://localhost:4321/auth/verify?token=${'a1b2c3d4'.repeat(8)}`;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('retry delays', () => {
  const policy = { retryBaseMs: 30_000, retryMaxMs: 6 * 60 * 60 * 1000, maxAttempts: 12 };

  it('wait 30 s, then 4 times longer each time, at most 6 hours, and stop after the last attempt', async () => {
    const { retryDelayMs } = await import('~/lib/server/mail/retry');
    const minutes = [1, 2, 3, 4, 5, 6, 11].map((n) => (retryDelayMs(n, policy) ?? 0) / 60_000);
    expect(minutes).toEqual([0.5, 2, 8, 32, 128, 360, 360]);
    expect(retryDelayMs(12, policy)).toBeNull();
    expect(retryDelayMs(1, { ...policy, maxAttempts: 1 })).toBeNull();
  });
});

describe('failureText', () => {
  it('keeps the SMTP code and message without addresses or URLs', async () => {
    const { failureText } = await import('~/lib/server/mail/retry');
    const rejected = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <thandi@example.co.za>: no such user",
      ),
      { code: 'EENVELOPE', responseCode: 550 },
    );
    const text = failureText(rejected);
    expect(text).toBe(
      "EENVELOPE Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: no such user",
    );
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET' });
    expect(failureText(refused)).toBe('ESOCKET connect ECONNREFUSED 127.0.0.1:2525');
    expect(failureText(new Error('Invalid login at smtp://mailer:s3cret@mail.example.co.za:587'))).toBe(
      'Invalid login at [url]',
    );
    expect(failureText('x'.repeat(500))).toHaveLength(300);
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
