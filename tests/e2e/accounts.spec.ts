import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  dismissToast,
  hydrated,
  localStorageKeys,
  logInInBrowser,
  newPerson,
  onThisServer,
  registerByApi,
  signUpInBrowser,
} from './support/accounts';

// A new user's first visit: sign up, verify the email from the outbox, log in,
// fill in the profile, add a picture, and log out.

test.use({ viewport: { width: 390, height: 844 } });

test('a new user signs up, verifies, edits the profile, adds a picture and logs out', async ({ page }) => {
  // The longest journey here (sign-up to logout, two uploads): 15 s alone, twice that on a busy machine.
  test.slow();
  const person = newPerson();
  await signUpInBrowser(page, person);

  // The mail went to the outbox (no SMTP_URL in tests): open it and follow its link.
  await page.goto('/dev/outbox');
  await page
    .getByRole('row')
    .filter({ hasText: person.email })
    .getByRole('link', { name: /Confirm your email address/ })
    .click();
  const link = page.getByRole('link', { name: /\/auth\/verify\?token=/ });
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(onThisServer(href ?? ''));

  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(page.getByText('Your email address is verified. You can now log in.')).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // No return path was saved, so login lands on /home with a greeting by first name.
  await logInInBrowser(page, person, { goto: false });
  await expect(page).toHaveURL(/\/home$/);

  // The navbar's account menu leads to the profile.
  const account = page.getByRole('button', { name: 'Account menu' });
  await hydrated(page, account);
  await account.click();
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const profileTab = page.getByRole('tabpanel', { name: 'Profile' });
  await expect(profileTab.getByText(person.email)).toBeVisible();
  await expect(profileTab.getByText('Verified', { exact: true })).toBeVisible();
  await expect(profileTab.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);

  await profileTab.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByLabel('Country')).toHaveValue('South Africa');
  await form.getByLabel('First name').fill('Thandeka');
  await form.getByLabel('Last name').fill('Mokoena-Dlamini');
  await form.getByLabel('Address line 1').fill('12 Vilakazi Street');
  await form.getByLabel('City').fill('Soweto');
  await form.getByLabel('Province').selectOption('Gauteng');
  await form.getByLabel('Postal code').fill('1804');
  await form.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await dismissToast(page, 'Profile updated successfully.');
  await expect(form).toHaveCount(0);
  await expect(profileTab.getByText('Thandeka Mokoena-Dlamini')).toBeVisible();
  await expect(profileTab.getByText('Gauteng', { exact: true })).toBeVisible();

  // A picture, made here: a 64×64 PNG.
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 11, g: 110, b: 79 } },
  })
    .png()
    .toBuffer();
  await profileTab
    .getByLabel('Choose a picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(profileTab.getByRole('img', { name: 'Preview of me.png' })).toBeVisible();
  await profileTab.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByText('Profile picture updated successfully.')).toBeVisible();
  await dismissToast(page, 'Profile picture updated successfully.');

  const picture = profileTab.getByRole('img', { name: 'Thandeka Mokoena-Dlamini' });
  await expect(picture).toHaveAttribute('src', /^\/files\//);
  const src = await picture.getAttribute('src');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // After a reload the profile comes from the server again, picture and all.
  await page.reload();
  await expect(picture).toHaveAttribute('src', src ?? '');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(profileTab.getByText('Thandeka Mokoena-Dlamini')).toBeVisible();

  // Logout clears storage and lands on the login page.
  expect(await localStorageKeys(page)).toContain('userAuthToken');
  await hydrated(page, account);
  await account.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  expect(await localStorageKeys(page)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});

test('My Campaigns and My Donations open their tabs, empty for a new user, with where to start', async ({
  page,
  request,
}) => {
  const person = newPerson('Sipho', 'Ndlovu');
  await registerByApi(request, person);
  await logInInBrowser(page, person);

  const account = page.getByRole('button', { name: 'Account menu' });
  await hydrated(page, account);
  await account.click();
  await page.getByRole('link', { name: 'My Campaigns' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=2$/);
  await expect(page.getByRole('tab', { name: 'My Campaigns' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('tabpanel', { name: 'My Campaigns' }).getByRole('link', { name: 'Start a campaign' }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'My Donations' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=3$/);
  const donationsTab = page.getByRole('tabpanel', { name: 'My Donations' });
  await expect(
    donationsTab.getByText('You have not made a once-off donation while logged in yet.'),
  ).toBeVisible();
  await expect(donationsTab.getByRole('link', { name: 'Find a campaign' })).toHaveAttribute(
    'href',
    '/find-campaign',
  );

  // Unverified: the profile offers a new verification link.
  await page.getByRole('tab', { name: 'Profile' }).click();
  const profileTab = page.getByRole('tabpanel', { name: 'Profile' });
  await expect(profileTab.getByText('Not verified')).toBeVisible();
  await profileTab.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(profileTab.getByText(/we have sent a new verification link/)).toBeVisible();
});

test('a visitor on a protected page goes to login and comes back after logging in', async ({
  page,
  request,
}) => {
  const person = newPerson('Lerato', 'Khumalo');
  await registerByApi(request, person);

  await page.goto('/profile?tab=3');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logInInBrowser(page, person, { goto: false });
  await expect(page).toHaveURL(/\/profile\?tab=3$/);
  await expect(page.getByRole('tab', { name: 'My Donations' })).toHaveAttribute('aria-selected', 'true');

  // /payout/* is protected the same way; signed in, it opens (a campaign that is not there: the 404 page, SPEC §4).
  const unknownPayouts = '/payout/campaign/00000000-0000-4000-8000-000000000000';
  await page.goto(unknownPayouts);
  await expect(page).toHaveURL(/\/misc\/404$/);
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(unknownPayouts);
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('wrong password: the form says so and stays', async ({ page, request }) => {
  const person = newPerson('Naledi', 'Mahlangu');
  await registerByApi(request, person);
  await page.goto('/auth/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await hydrated(page, form);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password', { exact: true }).fill('not-the-password');
  await form.getByRole('button', { name: 'Show password' }).click();
  await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Incorrect email or password.')).toHaveCount(1);
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('loginAttempts'))).toBe('1');
});

test('START CAMPAIGN as a visitor opens sign-up with its message', async ({ page }) => {
  await page.goto('/home');
  const start = page.getByRole('link', { name: 'Start campaign', exact: true });
  await hydrated(page, start);
  await start.click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  await expect(page.getByText('Create your profile and start your crowdfunding journey.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create an account' })).toBeVisible();
});
