import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { hydrated } from './support/accounts';
import { raisedCents } from './support/campaignTotals';
import { launchedRandCampaign } from './support/randCampaign';

// A visitor on a small phone gives R 250 with the campaign's default 12 % tip through the
// PayFast simulator, lands on the thank-you page, and the campaign's total has gone up by
// exactly R 250 (the tip is not part of it).

test.use({ viewport: { width: 360, height: 780 } });

test('a visitor donates R 250 with a 12 % tip through PayFast and the total goes up by R 250', async ({
  page,
  request,
}) => {
  test.slow();
  const campaign = await launchedRandCampaign(request);
  const before = await raisedCents(page, campaign.url);

  // From the campaign page's Donate button (the sticky one on a phone).
  await page.getByRole('link', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/donation/${campaign.url}$`));
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);

  await form.getByRole('button', { name: 'R 250', exact: true }).click();
  await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('250');
  await expect(form.getByRole('button', { name: 'R 250', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The campaign's default tip is 12 %.
  await expect(form.getByRole('slider', { name: 'Tip for the platform' })).toHaveValue('12');
  await form.getByRole('radio', { name: /^Card \(PayFast\)/ }).check();

  await form.getByRole('textbox', { name: 'First name' }).fill('Thabo');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Mokoena');
  await form.getByRole('textbox', { name: 'Email' }).fill(`thabo.${randomUUID().slice(0, 8)}@example.co.za`);
  // 'Give anonymously' is unticked unless the donor ticks it.
  await expect(form.getByRole('checkbox', { name: 'Give anonymously' })).not.toBeChecked();

  // ALTCHA's proof of work runs in the background from the donor's first touch of the form; the
  // press of Donate now waits for it if it must.

  await expect(form.getByRole('status').filter({ hasText: 'You pay' })).toHaveText(
    'You pay R 280.00 (donation R 250.00 + tip R 30.00)',
  );
  await form.getByRole('button', { name: 'Donate now' }).click();

  // The PayFast simulator's hosted checkout.
  await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/thanks\?donation=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation' })).toBeVisible();

  // PayFast's notification is booked asynchronously: poll the public page until it counts.
  await expect
    .poll(() => raisedCents(page, campaign.url), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(before + 25_000);
});
