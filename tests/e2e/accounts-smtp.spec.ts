import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from '../../scripts/test-support/server.mjs';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer';
import {
  decodeQuotedPrintable,
  logInInBrowser,
  newPerson,
  onThisServer,
  signUpInBrowser,
} from './support/accounts';

// Sign-up and verification through a real SMTP server: a second app server
// for this file sends its mail to an in-process SMTP server, and the link is
// read from the message as it travelled (quoted-printable, lines wrapped).

let smtp: TestSmtpServer;
let app: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpServer();
  app = await startServer({ env: { SMTP_URL: smtp.url } });
});

test.afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

test('a new user verifies their email from a message sent over SMTP and logs in', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const person = newPerson('Mpho', 'Radebe');

  await signUpInBrowser(page, person);

  const message = await smtp.waitForMessage(person.email);
  expect(message.subject).toMatch(/Confirm your email address/);
  // The raw message wraps long lines with `=` + CRLF and writes `=` as `=3D`: the link only appears decoded.
  const decoded = decodeQuotedPrintable(message.raw);
  const link = decoded.match(/https?:\/\/[^\s"<>]+\/auth\/verify\?token=[\w%-]+/)?.[0];
  expect(link, 'the raw message carries the verification link').toBeTruthy();

  await page.goto(onThisServer(link ?? ''));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await logInInBrowser(page, person, { goto: false });
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/profile');
  const profile = page.getByRole('tabpanel', { name: 'Profile' });
  await expect(profile.getByText(person.email)).toBeVisible();
  await expect(profile.getByText('Verified', { exact: true })).toBeVisible();
  await context.close();
});
