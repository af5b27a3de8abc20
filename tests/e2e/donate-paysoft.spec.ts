import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { hydrated } from './support/accounts';
import { raisedCents } from './support/campaignTotals';
import { demoUser } from './support/demo';

// A donor on a phone gives R 100 a month by debit order (Paysoft) from the donation page: the bank
// account and the mandate in words, then the thank-you page. At the Paysoft simulator the month's
// collection is run on its deduction day and set Paid, and the campaign's total goes up by R 100.

test.use({ viewport: { width: 390, height: 844 } });

async function tokenOf(request: APIRequestContext, key: 'kagiso' | 'nomvula'): Promise<string> {
  const user = demoUser(key);
  const login = await request.post('/api/v1/authentication/login/', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()).data as { accessToken: string }).accessToken;
}

/** A fresh monthly rand campaign with debit orders switched on by a platform admin. */
async function debitOrderCampaign(
  request: APIRequestContext,
): Promise<{ id: string; url: string; name: string }> {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'kagiso')}` };
  const name = `Monthly meals for Mamelodi ${randomUUID().slice(0, 6)}`;
  const image = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#1b998b' } })
    .png()
    .toBuffer();
  const created = await request.post('/api/v1/campaigns/', {
    headers,
    multipart: {
      name,
      story: '<p>A hot meal every school day for 40 children in Mamelodi, all year round.</p>',
      donationTarget: '20000',
      campaignCategory: '7',
      settings: JSON.stringify({ isRecurringGivingCampaign: true }),
      images: { name: 'meals.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, url } = (await created.json()).data as { id: string; url: string };
  const launched = await request.patch(`/api/v1/campaigns/${id}/launch`, { headers });
  expect(launched.status(), await launched.text()).toBe(200);
  const switched = await request.patch(`/api/v1/admin/campaigns/${id}`, {
    headers: { authorization: `Bearer ${await tokenOf(request, 'nomvula')}` },
    data: { paysoft: true },
  });
  expect(switched.status(), await switched.text()).toBe(200);
  return { id, url, name };
}

test('a phone donor gives monthly by debit order; the month paid at Paysoft raises the total', async ({
  page,
  request,
}) => {
  test.slow();
  const campaign = await debitOrderCampaign(request);
  const before = await raisedCents(page, campaign.url);

  await page.goto(`/donation/${campaign.url}?tab=recurring`);
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);
  await form.getByRole('button', { name: 'R 100', exact: true }).click();
  await form.getByRole('slider', { name: 'Tip for the platform' }).fill('0');
  await form.getByLabel('Duration').selectOption({ label: '3 months' });
  await form.getByRole('radio', { name: '15th' }).check();
  await form.getByRole('radio', { name: /^Debit order/ }).check();

  // The debit order's part loads only now.
  await form.getByLabel('Bank').selectOption({ label: 'Capitec Bank' });
  await expect(form.getByText('Universal branch code 470010.')).toBeVisible();
  await form.getByRole('radio', { name: 'Savings' }).check();
  await form.getByLabel('Account holder', { exact: true }).fill('Thandi Mokoena');
  await form.getByLabel('Account number').fill('12345');
  await form.getByLabel(/ID number/).fill('8001015009087');
  await form.getByRole('textbox', { name: 'First name' }).fill('Thandi');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Mokoena');
  await form.getByRole('textbox', { name: 'Email' }).fill(`thandi.${randomUUID().slice(0, 8)}@example.co.za`);
  await form.getByRole('textbox', { name: 'Mobile number' }).fill('0821234567');
  await form.getByRole('checkbox', { name: /I accept this debit order mandate/ }).check();

  // An account that fails the check: SPEC's message, nothing sent.
  await form.getByRole('button', { name: 'Start monthly donation' }).click();
  await expect(
    form.getByText('The account number or branch code entered is invalid, please try again.'),
  ).toBeVisible();

  await form.getByLabel('Account number').fill('1234567890');
  const mandate = form.getByTestId('debit-order-mandate');
  await expect(mandate).toContainText('Paysoft');
  await expect(mandate).toContainText('R 100.00 on the 15th of each month');
  await expect(mandate).toContainText('for 3 months');
  await expect(mandate).toContainText('••••••7890');
  await form.getByRole('button', { name: 'Start monthly donation' }).click();

  await expect(page).toHaveURL(/\/thanks\?donation=/);
  await expect(page.getByRole('status').filter({ hasText: 'Your debit order is set up' })).toBeVisible();
  const token = new URL(page.url()).searchParams.get('donation') ?? '';
  const schedule = await request.get(`/api/v1/donationsscheduler/${encodeURIComponent(token)}`);
  const { nextDeductionDate } = (await schedule.json()).data as { nextDeductionDate: string };

  // Paysoft's simulator: run the collections on the deduction day, then the month is paid.
  await page.goto('/sandbox/paysoft');
  await page.getByLabel('Run the collections as of').fill(nextDeductionDate);
  await page.getByRole('button', { name: 'Run collections' }).click();
  await expect(page.getByTestId('paysoft-notice')).toContainText('submitted');
  const debit = page.locator(`[data-testid="paysoft-debit"][data-reference^="LTR-"]`).filter({
    hasText: 'R 100.00',
  });
  await debit.first().getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(page.getByTestId('paysoft-notice')).toContainText('set to Paid');

  expect(await raisedCents(page, campaign.url)).toBe(before + 10_000);
});
