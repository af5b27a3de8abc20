import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eventually } from '../../support/eventually';
import { type ApiResponse, api } from './http';

/** A password that passes the policy (8–128 characters, not a common one). */
export const TEST_PASSWORD = 'umoya-wam-ulangazela-42';

/** An address nobody else uses (≤ 50 characters, the email limit), so test files never share accounts. */
export function uniqueEmail(tag = 'user'): string {
  return `${tag.slice(0, 16)}-${randomUUID().slice(0, 13)}@letsema.test`;
}

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface SignedInAccount extends TestAccount {
  accessToken: string;
  refreshToken: string;
}

/** JSON request with an optional bearer token. */
export function send<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  accessToken?: string,
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  return api<T>(path, init);
}

/** Registers a fresh account through the API (201 expected). */
export async function registerUser(
  overrides: Partial<Omit<TestAccount, 'id'>> & { phone?: string } = {},
): Promise<TestAccount> {
  const account = {
    firstName: 'Thandeka',
    lastName: 'Mthembu',
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    ...overrides,
  };
  const res = await send<{ id: string; email: string }>('POST', '/api/v1/authentication/register/', account);
  expect(res.status, res.text).toBe(201);
  return { ...account, id: res.body.data.id };
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

/** Every mail sent to `to`, newest first. */
export async function mailsTo(to: string): Promise<OutboxMail[]> {
  const res = await api<OutboxMail[]>(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/**
 * The newest mail to `to` whose link contains `linkPart` and that is not in
 * `seen` (ids of mails already read). Waits up to 5 s: forgot-password and
 * resend send in the background, after the answer.
 */
export async function latestMail(to: string, linkPart: string, seen: string[] = []): Promise<OutboxMail> {
  return eventually(
    async () => {
      const mail = (await mailsTo(to)).find(
        (m) => !seen.includes(m.id) && m.links.some((link) => link.includes(linkPart)),
      );
      if (!mail) throw new Error(`No mail to ${to} with a ${linkPart} link arrived.`);
      return mail;
    },
    { timeout: 5000 },
  );
}

/** The token of the first link in `mail` that contains `linkPart`. */
export function linkToken(mail: OutboxMail, linkPart: string): string {
  const link = mail.links.find((l) => l.includes(linkPart));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`Mail "${mail.subject}" has no ${linkPart} link with a token.`);
  return token;
}

/** The token of the verification mail sent at registration. */
export async function verificationToken(email: string): Promise<string> {
  return linkToken(await latestMail(email, '/auth/verify?'), '/auth/verify?');
}

export interface LoginData {
  accessToken: string;
  refreshToken: string;
  access: { user: Record<string, unknown> };
}

/** Logs in (200 expected) and returns the tokens. */
export async function loginAs(email: string, password: string): Promise<LoginData> {
  const res = await send<LoginData>('POST', '/api/v1/authentication/login/', { email, password });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** A fresh account with a confirmed email, signed in. */
export async function verifyAndLogin(
  overrides: Partial<Omit<TestAccount, 'id'>> = {},
): Promise<SignedInAccount> {
  const account = await registerUser(overrides);
  const verified = await send('PATCH', '/api/v1/authentication/verify-user/', {
    token: await verificationToken(account.email),
  });
  expect(verified.status, verified.text).toBe(200);
  const { accessToken, refreshToken } = await loginAs(account.email, account.password);
  return { ...account, accessToken, refreshToken };
}
