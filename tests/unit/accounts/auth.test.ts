import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareServerTestEnv } from '../support/serverEnv';

const testEnv = prepareServerTestEnv();
// A small proof of work, so solving the login captcha is quick here.
vi.stubEnv('ALTCHA_MAX_NUMBER', '2000');
const { closeDb, getDb } = await import('~/lib/server/db');
const schema = await import('~/lib/server/db/schema');
const auth = await import('~/lib/server/accounts/auth');
const { sendMail } = await import('~/lib/server/mail/send');
const { listOutbox } = await import('~/lib/server/mail/outbox');
const { verificationEmail } = await import('~/lib/server/accounts/mailTemplates');
const { createCaptchaChallenge } = await import('~/lib/server/platform/captcha');
const { attemptsIn, RATE_LIMITS } = await import('~/lib/server/platform/rateLimit');

const PASSWORD = 'a-long-unusual-passphrase';
type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;

beforeAll(async () => {
  db = await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

const newEmail = (tag: string): string => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

async function newUser(tag: string): Promise<{ id: string; email: string }> {
  return auth.register({ firstName: 'Ayanda', lastName: 'Zulu', email: newEmail(tag), password: PASSWORD });
}

/** What the captcha widget sends once solved. */
async function solvedCaptcha(): Promise<string> {
  const challenge = await createCaptchaChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const WRONG = 'wrong-password-here';
const CAPTCHA_REQUIRED = 'Please complete the security check, then log in again.';

const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

describe('register', () => {
  it('stores an argon2id hash, writes an audit row and mails a verification link', async () => {
    const { id, email } = await newUser('reg');
    const [row] = await db.select().from(schema.users).where(eq(schema.users.id, id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.emailConfirmed).toBe(false);
    const audits = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, id), eq(schema.auditLog.action, 'register')));
    expect(audits).toHaveLength(1);
    const [mail] = await listOutbox({ to: email });
    expect(mail?.links.some((l) => l.includes('/auth/verify?token='))).toBe(true);
  });

  it('answers 409 for an email taken in another case, also when racing', async () => {
    const email = newEmail('race');
    const input = { firstName: 'Ayanda', lastName: 'Zulu', email, password: PASSWORD };
    const results = await Promise.allSettled([
      auth.register(input),
      auth.register({ ...input, email: email.toUpperCase() }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toMatchObject({ status: 409 });
  });

  it('an address registers 5 accounts an hour, then waits with 429; other addresses are unaffected', async () => {
    const account = () => ({
      firstName: 'Spam',
      lastName: 'Bot',
      email: newEmail('bulk'),
      password: PASSWORD,
    });
    for (let i = 0; i < 5; i++) await auth.register(account(), '10.30.0.1');
    const error = await auth.register(account(), '10.30.0.1').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, headers: { 'retry-after': expect.stringMatching(/^\d+$/) } });
    expect((error as Error).message).toMatch(
      /^Too many requests\. Please wait \d+ minutes? and try again\.$/,
    );
    await expect(auth.register(account(), '10.30.0.2')).resolves.toMatchObject({ id: expect.any(String) });
  });

  it('refuses a common password', async () => {
    await expect(
      auth.register({ firstName: 'A', lastName: 'B', email: newEmail('common'), password: 'Password123' }),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: { password: [expect.stringContaining('too common')] },
    });
  });
});

describe('login', () => {
  it('records the login in the audit log', async () => {
    const { id, email } = await newUser('audit');
    await auth.login({ email, password: PASSWORD }, '10.0.0.1');
    const rows = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id));
    expect(rows.map((r) => r.action)).toContain('login');
  });

  it('a deactivated account is told so, only with the right password', async () => {
    const { id, email } = await newUser('inactive');
    await db.update(schema.users).set({ active: false }).where(eq(schema.users.id, id));
    await expect(auth.login({ email, password: 'wrong-password-here' }, '10.0.0.2')).rejects.toMatchObject({
      status: 400,
      message: 'Incorrect email or password.',
    });
    await expect(auth.login({ email, password: PASSWORD }, '10.0.0.2')).rejects.toMatchObject({
      status: 400,
      message: 'This account has been deactivated. Contact support.',
    });
  });

  it('a deactivated account cannot refresh its session either', async () => {
    const { id, email } = await newUser('inactive-refresh');
    const session = await auth.login({ email, password: PASSWORD }, '10.0.0.3');
    await db.update(schema.users).set({ active: false }).where(eq(schema.users.id, id));
    await expect(auth.refreshSession(session.refreshToken)).rejects.toMatchObject({ status: 401 });
  });

  it('20 failures from one address lock that address, even for the right password', async () => {
    const address = '10.9.9.9';
    const { email } = await newUser('address');
    for (let i = 0; i < 20; i++) {
      await expect(
        auth.login({ email: newEmail('nobody'), password: 'wrong-password-here' }, address),
      ).rejects.toMatchObject({ status: 400 });
    }
    const error = await auth.login({ email, password: PASSWORD }, address).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, headers: { 'retry-after': expect.stringMatching(/^\d+$/) } });
    expect((error as Error).message).toMatch(
      /^Too many login attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    // Another address is unaffected.
    await expect(auth.login({ email, password: PASSWORD }, '10.9.9.10')).resolves.toBeTruthy();
  });

  it('failures from elsewhere never lock the owner out: past 5 a captcha is asked, and with it the right password works', async () => {
    const { email } = await newUser('owner');
    for (let i = 1; i <= 5; i++) {
      await expect(auth.login({ email, password: WRONG }, `10.20.0.${i}`)).rejects.toMatchObject({
        status: 400,
        message: 'Incorrect email or password.',
      });
    }
    // Before: 429 for everyone, the owner included. Now: a captcha, from any address.
    await expect(auth.login({ email, password: WRONG }, '10.20.0.9')).rejects.toMatchObject({
      status: 400,
      code: 'captcha_required',
      message: CAPTCHA_REQUIRED,
      fieldErrors: { recaptchaToken: [CAPTCHA_REQUIRED] },
    });
    await expect(auth.login({ email, password: PASSWORD }, '10.20.1.1')).rejects.toMatchObject({
      code: 'captcha_required',
    });
    await expect(
      auth.login({ email, password: PASSWORD, recaptchaToken: 'bm90IGEgc29sdXRpb24=' }, '10.20.1.1'),
    ).rejects.toMatchObject({
      status: 400,
      code: 'captcha_required',
      message: 'The reCAPTCHA verification failed. Please try again.',
    });
    const session = await auth.login(
      { email, password: PASSWORD, recaptchaToken: await solvedCaptcha() },
      '10.20.1.1',
    );
    expect(session.access.user.email).toBe(email);
    // The success cleared the failures: no captcha any more.
    await expect(auth.login({ email, password: PASSWORD }, '10.20.1.1')).resolves.toBeTruthy();
  }, 30_000);

  it('one address guessing one account waits after 10 failures; waiting attempts are not counted; the owner elsewhere still gets in', async () => {
    const { email } = await newUser('guessed');
    const address = '10.21.0.1';
    for (let i = 1; i <= 10; i++) {
      const recaptchaToken = i > 5 ? await solvedCaptcha() : undefined;
      await expect(auth.login({ email, password: WRONG, recaptchaToken }, address)).rejects.toMatchObject({
        status: 400,
        message: 'Incorrect email or password.',
      });
    }
    for (let i = 0; i < 3; i++) {
      const error = await auth
        .login({ email, password: PASSWORD, recaptchaToken: await solvedCaptcha() }, address)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        status: 429,
        headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
      });
      expect((error as Error).message).toMatch(
        /^Too many login attempts\. Please wait \d+ minutes? and try again\.$/,
      );
    }
    const check = { rule: RATE_LIMITS.loginAccountAddress, subject: `${email.toLowerCase()} ${address}` };
    expect(await attemptsIn(check)).toBe(10);
    await expect(
      auth.login({ email, password: PASSWORD, recaptchaToken: await solvedCaptcha() }, '10.21.0.2'),
    ).resolves.toBeTruthy();
  }, 60_000);

  it('a successful login gives back its place: right passwords never lock anyone out', async () => {
    const { email } = await newUser('many');
    for (let i = 0; i < 25; i++) {
      await expect(auth.login({ email, password: PASSWORD }, '10.8.8.8')).resolves.toMatchObject({
        accessToken: expect.any(String),
        access: { user: { email } },
      });
    }
  });

  it('a success clears the account failures', async () => {
    const { email } = await newUser('clear');
    for (let i = 0; i < 4; i++) {
      await expect(auth.login({ email, password: 'wrong-password-here' }, '10.7.7.7')).rejects.toBeTruthy();
    }
    await auth.login({ email, password: PASSWORD }, '10.7.7.7');
    for (let i = 0; i < 4; i++) {
      await expect(auth.login({ email, password: 'wrong-password-here' }, '10.7.7.7')).rejects.toMatchObject({
        status: 400,
      });
    }
  });
});

describe('set password (accounts made for someone)', () => {
  it('a set-password link sets the password, confirms the email and works once', async () => {
    const { id, email } = await newUser('setpw');
    const link = await auth.createSetPasswordLink(id);
    expect(link).toMatch(/^https?:\/\/[^/]+\/auth\/set-password\?token=[\w-]{43}$/);
    await auth.setPassword(tokenOf(link), 'a-brand-new-passphrase');
    const session = await auth.login({ email, password: 'a-brand-new-passphrase' }, '10.6.6.6');
    expect(session.access.user.emailConfirmed).toBe(true);
    await expect(auth.setPassword(tokenOf(link), 'another-new-passphrase')).rejects.toMatchObject({
      status: 400,
      message: 'This link is invalid or has expired.',
    });
    const rows = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id));
    expect(rows.map((r) => r.action)).toContain('password-set');
  });

  it('a refused (common) password leaves the link usable', async () => {
    const { id } = await newUser('setpw-common');
    const token = tokenOf(await auth.createSetPasswordLink(id));
    await expect(auth.setPassword(token, 'password123')).rejects.toMatchObject({ status: 400 });
    await expect(auth.setPassword(token, 'a-brand-new-passphrase')).resolves.toBeUndefined();
  });

  it('a reset link is no set-password link', async () => {
    const { id } = await newUser('setpw-purpose');
    const token = tokenOf(await auth.createSetPasswordLink(id));
    await expect(auth.resetPassword(token, 'a-brand-new-passphrase')).rejects.toMatchObject({
      message: 'This password reset link is invalid or has expired. Request a new one.',
    });
  });
});

describe('mail per recipient', () => {
  it('sends one address 10 mails an hour that anyone can set off, in any spelling; receipts always go', async () => {
    const victim = newEmail('victim');
    const message = verificationEmail({
      firstName: 'Victim',
      link: 'http://localhost:4321/auth/verify?token=x',
    });
    const spellings = [victim, victim.toUpperCase(), `Victim <${victim}>`];
    const sent: boolean[] = [];
    for (let i = 0; i < 12; i++) sent.push(await sendMail({ to: spellings[i % 3] ?? '', ...message }));
    expect(sent).toEqual([...Array<boolean>(10).fill(true), false, false]);
    expect(await listOutbox({ to: victim })).toHaveLength(10);
    await expect(sendMail({ to: victim, ...message, subject: 'Receipt' }, { capped: false })).resolves.toBe(
      true,
    );
    expect(await listOutbox({ to: victim })).toHaveLength(11);
    // Someone else's mail is not held up.
    await expect(sendMail({ to: newEmail('other'), ...message })).resolves.toBe(true);
  });
});
