import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { hydrated } from './support/accounts';
import { raisedCents } from './support/campaignTotals';
import { launchedRandCampaign } from './support/randCampaign';

// A visitor on a phone gives R 100 by card through the iVeri Lite simulator, comes back to the
// payment-capture page (navbar actions hidden), continues to the thank-you page, and the
// campaign's total has gone up by exactly R 100.

test.use({ viewport: { width: 390, height: 844 } });

test('a visitor donates R 100 by card through iVeri and the total goes up by R 100', async ({
  page,
  request,
}) => {
  test.slow();
  const campaign = await launchedRandCampaign(request);
  const before = await raisedCents(page, campaign.url);

  await page.goto(`/donation/${campaign.url}`);
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);
  await form.getByRole('button', { name: 'R 100', exact: true }).click();
  await form.getByRole('slider', { name: 'Tip for the platform' }).fill('0');
  await form.getByRole('radio', { name: /^Card \(iVeri\)/ }).check();
  await form.getByRole('textbox', { name: 'First name' }).fill('Naledi');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Dlamini');
  await form.getByRole('textbox', { name: 'Email' }).fill(`naledi.${randomUUID().slice(0, 8)}@example.co.za`);
  await form.getByRole('button', { name: 'Donate now' }).click();

  // The iVeri Lite simulator's hosted card page.
  await expect(page).toHaveURL(/\/sandbox\/iveri\/Lite\/Authorise/);
  await expect(page.getByTestId('iveri-amount')).toHaveText('R 100.00');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/donation\/iveri\/payment-capture\?donation=/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you, your card payment went through' }),
  ).toBeVisible();
  // The navbar keeps the logo but none of its actions on the capture page.
  await expect(page.getByRole('link', { name: 'Find a campaign' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: / home$/ })).toBeVisible();

  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/thanks\?donation=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation' })).toBeVisible();
  // Booked before the capture page answered: the total already counts it.
  expect(await raisedCents(page, campaign.url)).toBe(before + 10_000);
});
