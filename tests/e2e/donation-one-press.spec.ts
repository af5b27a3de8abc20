import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { startServer } from '../../scripts/test-support/server.mjs';
import { hydrated } from './support/accounts';

// Issue 23 items 1 and 4, on a phone: a guest's first press of "Donate now" reaches the gateway
// (the captcha's proof of work runs while they fill the form in, and the press waits for it if it
// must), a gateway form the browser could not send ends in an error with the donation's
// reference and a retry, and a server started with HOST=127.0.0.1 and no PUBLIC_URL hands off.

test.use({ viewport: { width: 390, height: 844 } });

function demo(url: string): (typeof DEMO_CAMPAIGNS)[number] {
  const found = DEMO_CAMPAIGNS.find((c) => c.url === url);
  if (!found) throw new Error(`${url} missing from the demo content`);
  return found;
}
const campaign = demo('langa-lions-u15-to-nationals');

async function openForm(page: Page, base = ''): Promise<Locator> {
  await page.goto(`${base}/donation/${campaign.url}`);
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);
  return form;
}

/** Amount, method and the donor's details, as a guest types them. */
async function fillAsGuest(form: Locator, method: RegExp): Promise<void> {
  await form.getByRole('button', { name: 'R 100', exact: true }).click();
  await form.getByRole('radio', { name: method }).check();
  await form.getByRole('textbox', { name: 'First name' }).fill('Naledi');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Dube');
  await form.getByRole('textbox', { name: 'Email' }).fill(`naledi.${randomUUID().slice(0, 8)}@example.co.za`);
  // 'Give anonymously' is left unticked: not anonymous.
}

test('a guest presses "Donate now" once and lands on the PayFast simulator, waiting for the proof of work', async ({
  page,
}) => {
  // The challenge is held until the press, so the press has to wait for the proof.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let challenges = 0;
  await page.route('**/api/v1/captcha/challenge', async (route) => {
    challenges++;
    await held;
    await route.continue();
  });
  const form = await openForm(page);
  // Nothing of the captcha before the donor starts on the form.
  await expect(form.locator('altcha-widget')).toHaveCount(0);
  expect(challenges).toBe(0);

  await fillAsGuest(form, /^Card \(PayFast\)/);
  await expect(form.locator('altcha-widget')).toHaveCount(1);
  const press = form.getByRole('button', { name: 'Donate now' });
  await press.click();
  await expect(form.getByRole('button', { name: 'Securing your donation…' })).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  expect(challenges).toBe(1);
});

test('a guest presses "Donate now" once for a bank transfer and sees the bank details', async ({ page }) => {
  const form = await openForm(page);
  await fillAsGuest(form, /^Bank transfer \(EFT\)/);
  await form.getByRole('button', { name: 'Donate now' }).click();
  await expect(page.getByRole('heading', { name: 'Pay by bank transfer (EFT)' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Reference', { exact: true })).toBeVisible();
});

test('a gateway form the browser refuses to send shows the reference and a Try again button', async ({
  page,
}) => {
  // The page's CSP (form-action) refuses this address, as it refused localhost on 127.0.0.1.
  let reference = '';
  await page.route('**/api/v1/donations', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    reference = body.data.transactionInfo.referenceNumber;
    body.data.transactionInfo.paymentForm.action = 'https://gateway.invalid/eng/process';
    await route.fulfill({ response, json: body });
  });
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes("Sending form data to 'https://gateway.invalid/"))
      refusals.push(message.text());
  });
  const form = await openForm(page);
  await fillAsGuest(form, /^Card \(PayFast\)/);
  await form.getByRole('button', { name: 'Donate now' }).click();

  // Playwright's locators wait for the refused form's navigation, which never comes: read the page.
  const alerts = (): Promise<string> =>
    page.evaluate(() =>
      [...document.querySelectorAll('form [role="alert"]')].map((e) => e.textContent ?? '').join(' | '),
    );
  await expect.poll(alerts, { timeout: 20_000 }).toContain('The payment page did not open.');
  expect(reference).not.toBe('');
  expect(await alerts()).toContain(reference);
  expect(refusals).toHaveLength(1);
  const buttons = (): Promise<string[]> =>
    page.evaluate(() => [...document.querySelectorAll('form button')].map((b) => b.textContent ?? ''));
  expect(await buttons()).not.toContain('Opening the payment page…');
  // Try again posts the same form again (refused again here), and says so again.
  await page.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>('form [role="alert"] button')]
      .find((b) => b.textContent === 'Try again')
      ?.click(),
  );
  await expect.poll(() => refusals.length).toBe(2);
  await expect.poll(alerts).toContain(reference);
  expect(page.url()).toContain(`/donation/${campaign.url}`);
});

test('with HOST=127.0.0.1 and no PUBLIC_URL, a card donation reaches the simulator', async ({ page }) => {
  test.slow();
  // A server of its own, started as a newcomer would: HOST=127.0.0.1, PUBLIC_URL unset.
  const server = await startServer({ env: { PUBLIC_URL: undefined } as never });
  try {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const form = await openForm(page, server.baseUrl);
    await fillAsGuest(form, /^Card \(PayFast\)/);
    await form.getByRole('button', { name: 'Donate now' }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/sandbox/payfast/eng/process`, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  } finally {
    await server.stop();
  }
});
