import { expect, type Page, test } from '@playwright/test';
import { logInInBrowser, newPerson, registerByApi, storedTokens } from './support/accounts';

// The session behind the scenes: an access token the server no longer accepts
// is renewed with the refresh token without the user noticing; a refresh token
// past its expiry ends the session, and logging in again returns to the page.

const b64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The same claims with a signature the server cannot verify (as after a key change or tampering). */
function badlySigned(token: string): string {
  const [header, payload] = token.split('.');
  return `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
}

async function setTokens(page: Page, tokens: { access?: string; refresh?: string }): Promise<void> {
  await page.evaluate(({ access, refresh }) => {
    if (access !== undefined) window.localStorage.setItem('userAuthToken', access);
    if (refresh !== undefined) window.localStorage.setItem('userAuthRefreshToken', refresh);
  }, tokens);
}

test('a rejected access token is renewed silently and the profile still loads', async ({ page, request }) => {
  const person = newPerson('Ayanda', 'Zulu');
  await registerByApi(request, person);
  await logInInBrowser(page, person);
  const before = await storedTokens(page);
  expect(before.access).toBeTruthy();
  expect(before.refresh).toBeTruthy();

  const rejected = badlySigned(before.access ?? '');
  await setTokens(page, { access: rejected });
  const refreshed = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/authentication/refresh') && r.request().method() === 'POST',
  );
  const withRejected: number[] = [];
  let refreshes = 0;
  page.on('response', (r) => {
    if (r.url().endsWith('/api/v1/authentication/refresh')) refreshes += 1;
    if (r.request().headers().authorization === `Bearer ${rejected}`) withRejected.push(r.status());
  });
  await page.goto('/profile');

  expect((await refreshed).status()).toBe(200);
  const profile = page.getByRole('tabpanel', { name: 'Profile' });
  await expect(profile.getByText(person.email)).toBeVisible();
  await expect(profile.getByText(`${person.firstName} ${person.lastName}`)).toBeVisible();
  // The navbar and the page asked together: one request with the rejected token, one refresh.
  expect(withRejected).toEqual([401]);
  expect(refreshes).toBe(1);

  // A new pair was stored. (The access token itself may equal the first one: same claims, same second.)
  const after = await storedTokens(page);
  expect(after.access).toBeTruthy();
  expect(after.access).not.toBe(rejected);
  expect(after.refresh).toBeTruthy();
  expect(after.refresh).not.toBe(before.refresh);
  await expect(page.getByText('Session expired')).toHaveCount(0);
});

test('a garbage access token with a good refresh token: the protected page renews the session', async ({
  page,
  request,
}) => {
  const person = newPerson('Bongani', 'Shabalala');
  await registerByApi(request, person);
  await logInInBrowser(page, person);
  const before = await storedTokens(page);

  await setTokens(page, { access: 'garbage' });
  await page.goto('/profile');
  await expect(page.getByRole('tabpanel', { name: 'Profile' }).getByText(person.email)).toBeVisible();
  const after = await storedTokens(page);
  expect(after.access).not.toBe('garbage');
  expect(after.refresh).not.toBe(before.refresh);
  await expect(page).toHaveURL(/\/profile$/);
});

test('an expired refresh token ends the session; logging in returns to the page', async ({
  page,
  request,
}) => {
  const person = newPerson('Precious', 'Molefe');
  await registerByApi(request, person);
  await logInInBrowser(page, person);

  // Unsigned is enough: the browser only reads `exp` before giving up.
  const expiredRefresh = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({
    sub: 'someone',
    typ: 'refresh',
    exp: Math.floor(Date.now() / 1000) - 60,
  })}.`;
  await setTokens(page, { access: 'invalid', refresh: expiredRefresh });
  const refreshCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/authentication/refresh')) refreshCalls.push(r.url());
  });

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Session expired', { exact: true })).toBeVisible();
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
  expect(refreshCalls, 'an expired refresh token is not even sent').toEqual([]);

  await logInInBrowser(page, person, { goto: false });
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('tabpanel', { name: 'Profile' }).getByText(person.email)).toBeVisible();
});

test('a refresh token the server refuses ends the session too', async ({ page, request }) => {
  const person = newPerson('Kagiso', 'Sithole');
  await registerByApi(request, person);
  await logInInBrowser(page, person);
  const { access } = await storedTokens(page);

  // Still readable and unexpired, but not one the server issued.
  const forged = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({
    sub: 'someone',
    typ: 'refresh',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })}.${b64url({ sig: 'forged' })}`;
  await setTokens(page, { access: badlySigned(access ?? ''), refresh: forged });
  await page.goto('/profile?tab=2');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Session expired', { exact: true })).toBeVisible();

  await logInInBrowser(page, person, { goto: false });
  await expect(page).toHaveURL(/\/profile\?tab=2$/);
});
