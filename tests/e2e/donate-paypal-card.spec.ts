import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { hydrated } from './support/accounts';
import { raisedCents } from './support/campaignTotals';
import { launchedRandCampaign } from './support/randCampaign';

// A visitor on a phone gives US $ 20 by card on PayPal's (simulated) card page: the first card is
// declined and nothing moves, another goes through, and the rand campaign's total goes up by
// R 360 (US $ 20 at USD_TO_ZAR_RATE 18; the tip is not part of it).

test.use({ viewport: { width: 390, height: 844 } });

test('a visitor gives US $ 20 by card through PayPal and the total goes up by R 360', async ({
  page,
  request,
}) => {
  test.slow();
  const campaign = await launchedRandCampaign(request);
  const before = await raisedCents(page, campaign.url);

  await page.goto(`/donation/${campaign.url}`);
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);
  await form.getByRole('radio', { name: 'US $ (dollar)' }).check();
  await form.getByRole('radio', { name: /^Card \(PayPal\)/ }).check();
  await form.getByRole('textbox', { name: 'Amount' }).fill('20');
  await form.getByRole('textbox', { name: 'First name' }).fill('Naledi');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Dlamini');
  await form.getByRole('textbox', { name: 'Email' }).fill(`naledi.${randomUUID().slice(0, 8)}@example.co.za`);
  await form.getByRole('button', { name: 'Donate now' }).click();

  // PayPal's card page (the simulator): a declined card stays there.
  await expect(page).toHaveURL(/\/sandbox\/paypal\/checkoutnow\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with debit or credit card' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Try another card or cancel.');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/thanks\?donation=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation' })).toBeVisible();
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
  await expect
    .poll(() => raisedCents(page, campaign.url), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(before + 36_000);
});
