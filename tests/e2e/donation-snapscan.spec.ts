import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { hydrated } from './support/accounts';
import { raisedCents } from './support/campaignTotals';
import { launchedRandCampaign } from './support/randCampaign';

// A visitor on a laptop gives R 250 by SnapScan: the form shows the payment's code, the payer
// pays in the SnapScan app (the simulator, on another screen), and the laptop moves on to the
// thank-you page by itself; the campaign's total goes up by R 250.

test.use({ viewport: { width: 1280, height: 900 } });

test('a SnapScan gift shows the code, is paid in the app and raises the total', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const campaign = await launchedRandCampaign(request);
  const before = await raisedCents(page, campaign.url);

  await page.goto(`/donation/${campaign.url}`);
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);
  await form.getByRole('button', { name: 'R 250', exact: true }).click();
  await form.getByRole('radio', { name: /^SnapScan/ }).check();
  await form.getByRole('textbox', { name: 'First name' }).fill('Thabo');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Mokoena');
  await form.getByRole('textbox', { name: 'Email' }).fill(`thabo.${randomUUID().slice(0, 8)}@example.co.za`);
  await form.getByRole('button', { name: 'Donate now' }).click();

  await expect(page.getByRole('heading', { name: 'Pay with SnapScan' })).toBeVisible();
  const code = page.getByRole('img', { name: /^SnapScan code to pay R/ });
  await expect(code).toBeVisible();
  // On a laptop the code is for the phone: the app link is for phones only.
  const appLink = page.locator('a', { hasText: 'Open SnapScan to pay' });
  await expect(appLink).toHaveCount(1);
  await expect(appLink).toBeHidden();
  const link = await appLink.getAttribute('href');
  expect(link).toMatch(/\/qr\/[^?]+\?id=[^&]+&amount=\d+&strict=true$/);

  // The payer's phone: the SnapScan app opens the same link.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(link ?? '');
  await phone.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(phone.getByRole('heading', { name: /^Paid R/ })).toBeVisible();
  await phone.close();

  await expect(page).toHaveURL(/\/thanks\?donation=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation' })).toBeVisible();
  await expect
    .poll(() => raisedCents(page, campaign.url), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(before + 25_000);
});
