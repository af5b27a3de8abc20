import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** A new person for one test: a unique address, so test files can run in parallel on one server. */
export interface TestPerson {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newPerson(firstName = 'Thandi', lastName = 'Mokoena'): TestPerson {
  const id = randomUUID().slice(0, 8);
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${id}@example.co.za`,
    password: `Ubuntu-Harvest-${id}`,
  };
}

/**
 * Resolves once `locator` answers clicks: the page's scripts have run (the navbar's script marks
 * <html data-scripts="ready"> then) and, where it sits in a React island, that island has hydrated
 * (Astro removes its `ssr` attribute). A wait on an event, not a sleep.
 */
export async function hydrated(page: Page, locator: Locator): Promise<void> {
  await expect(page.locator('html[data-scripts="ready"]')).toBeAttached();
  if ((await page.locator('astro-island').filter({ has: locator }).count()) === 0) return;
  await expect(page.locator('astro-island:not([ssr])').filter({ has: locator }).first()).toBeAttached();
}

/** Signs up through /auth/signup and waits for the verification message. */
export async function signUpInBrowser(page: Page, person: TestPerson): Promise<void> {
  await page.goto('/auth/signup');
  const form = page.getByRole('form', { name: 'Create an account' });
  await hydrated(page, form);
  await form.getByLabel('First name').fill(person.firstName);
  await form.getByLabel('Last name').fill(person.lastName);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Profile created! Check your email for the verification link.')).toBeVisible();
}

/** Registers through the API (for tests about something else than sign-up). */
export async function registerByApi(request: APIRequestContext, person: TestPerson): Promise<void> {
  const response = await request.post('/api/v1/authentication/register/', {
    data: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      password: person.password,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Logs in through /auth/login; resolves when the next page shows the welcome toast. */
export async function logInInBrowser(
  page: Page,
  person: TestPerson,
  options: { goto?: boolean } = {},
): Promise<void> {
  if (options.goto !== false) await page.goto('/auth/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await hydrated(page, form);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(`Welcome back, ${person.firstName}!`)).toBeVisible();
  await dismissToast(page, `Welcome back, ${person.firstName}!`);
}

/**
 * Closes a toast (or waits out its last moments) so it covers nothing: on a
 * phone the toasts lie over the account menu, and a pointer resting on a toast
 * keeps it open.
 */
export async function dismissToast(page: Page, text: string): Promise<void> {
  const toast = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text });
  await toast
    .getByRole('button', { name: 'Close toast' })
    .click({ timeout: 2000 })
    .catch(() => {
      // Already going: its time was up.
    });
  await expect(toast).toHaveCount(0);
}

/**
 * A link from a mail, opened on the server under test: the mail's links are
 * built from PUBLIC_URL, which need not be the address the tests use.
 */
export function onThisServer(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Undoes quoted-printable (soft line breaks `=\r\n`, `=3D` and other escapes) in a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export const localStorageKeys = (page: Page): Promise<string[]> =>
  page.evaluate(() => Object.keys(window.localStorage));

export const storedTokens = (page: Page): Promise<{ access: string | null; refresh: string | null }> =>
  page.evaluate(() => ({
    access: window.localStorage.getItem('userAuthToken'),
    refresh: window.localStorage.getItem('userAuthRefreshToken'),
  }));

/** Confirms the address through the link of the verification mail in the outbox. */
export async function verifyThroughOutbox(page: Page, person: TestPerson): Promise<void> {
  await page.goto('/dev/outbox');
  await page
    .getByRole('row')
    .filter({ hasText: person.email })
    .getByRole('link', { name: /Confirm your email address/ })
    .click();
  const href = await page.getByRole('link', { name: /\/auth\/verify\?token=/ }).getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(onThisServer(href ?? ''));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
}
