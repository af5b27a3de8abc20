import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { raisedCents } from './support/campaignTotals';
import { demoUser } from './support/demo';
import { markEftReceived } from './support/eftGift';
import { launchedRandCampaign } from './support/randCampaign';

// Issue 23: the donation page works without JavaScript. On a phone with scripts off, a guest
// fills the plain HTML form and the server answers with the gateway hand-off (PayFast) or the
// bank details (EFT); the campaign's total rises once the money is in. A refused post shows
// SPEC's messages beside the fields with every value kept.

test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

const admin = demoUser('nomvula');

/**
 * Presses Donate now until the server takes the form. A post within 3 s of the page's render is
 * refused as too fast ('Please check your details, …'), keeping every value: a second press
 * later passes, as a person's would.
 */
async function donateNow(page: Page, accepted: Locator): Promise<void> {
  await expect(async () => {
    if (!(await accepted.isVisible())) await page.getByRole('button', { name: 'Donate now' }).click();
    await expect(accepted).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
}

async function fillDonor(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'First name' }).fill('Nomsa');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Dube');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  // 'Give anonymously' stays unticked: not anonymous.
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/authentication/login/', {
    data: { email: admin.email, password: admin.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()).data as { accessToken: string }).accessToken;
}

test('a guest without JavaScript gives by card through PayFast, and the total rises', async ({
  page,
  request,
}) => {
  test.slow();
  const campaign = await launchedRandCampaign(request);
  const before = await raisedCents(page, campaign.url);

  await page.goto(`/donation/${campaign.url}`);
  await page.getByRole('textbox', { name: 'Amount' }).fill('250');
  await page.getByRole('radio', { name: /^Card \(PayFast\)/ }).check();
  await fillDonor(page, `nomsa.${randomUUID().slice(0, 8)}@example.co.za`);
  await donateNow(page, page.getByRole('heading', { name: 'Your donation is saved' }));

  // The hand-off: the signed PayFast form behind one button.
  await expect(page.getByText(/You pay R 280\.00 on PayFast's secure page/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to PayFast' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Continue to PayFast' }).click();
  await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/thanks\?donation=/);

  await expect
    .poll(() => raisedCents(page, campaign.url), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(before + 25_000);
});

test('a guest without JavaScript gives by EFT: the bank details and reference, then the total rises', async ({
  page,
  request,
}) => {
  test.slow();
  const campaign = await launchedRandCampaign(request);
  const before = await raisedCents(page, campaign.url);

  await page.goto(`/donation/${campaign.url}`);
  await page.getByRole('textbox', { name: 'Amount' }).fill('300');
  // No tip: the slider is an ordinary input without JavaScript.
  await page.getByRole('slider', { name: 'Tip for the platform' }).fill('0');
  await page.getByRole('radio', { name: /^Bank transfer/ }).check();
  await fillDonor(page, `nomsa.${randomUUID().slice(0, 8)}@example.co.za`);
  await donateNow(page, page.getByRole('heading', { name: 'Pay by bank transfer (EFT)' }));

  const details = page.locator('dl');
  await expect(details).toContainText('R 300.00');
  await expect(details).toContainText(/LTS-[A-Z2-7]{10}/);
  await expect(details).toContainText('Account number');
  const thanks = await page.getByRole('link', { name: 'I have made the transfer' }).getAttribute('href');
  const token = new URL(thanks ?? '', 'http://x').searchParams.get('donation') ?? '';

  // The money arrives: an admin marks the transfer received.
  const detail = await request.get(`/api/v1/donations/list/${encodeURIComponent(token)}`);
  expect(detail.status(), await detail.text()).toBe(200);
  const donationId = ((await detail.json()).data as { id: string }).id;
  await markEftReceived(request, await adminToken(request), donationId, 300);

  await expect
    .poll(() => raisedCents(page, campaign.url), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(before + 30_000);
});

test('a refused post without JavaScript shows the messages beside the fields, values kept', async ({
  page,
}) => {
  await page.goto('/donation/help-lwazi-walk-again');
  await page.getByRole('textbox', { name: 'Amount' }).fill('5');
  await page.getByRole('radio', { name: /^Bank transfer/ }).check();
  await page.getByRole('textbox', { name: 'First name' }).fill('Nomsa!');
  await page.getByRole('textbox', { name: 'Email' }).fill('nomsa@');
  await page.getByRole('button', { name: 'Donate now' }).click();

  await expect(page.getByText('The minimum amount is R 20')).toBeVisible();
  await expect(page.getByText('First name should not contain any special characters')).toBeVisible();
  await expect(page.getByText('Surname is a required field')).toBeVisible();
  await expect(page.getByText('Invalid email format.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('5');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Nomsa!');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('nomsa@');
  await expect(page.getByRole('radio', { name: /^Bank transfer/ })).toBeChecked();
});

test('without JavaScript the Monthly tab opens the page on it, which says a monthly gift needs JavaScript', async ({
  page,
}) => {
  await page.goto('/donation/siyakhula-saturday-school');
  await page.getByRole('tab', { name: 'Monthly' }).click();
  await expect(page).toHaveURL(/\?tab=recurring$/);
  await expect(page.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true');
  // The note is a <noscript>: a browser without JavaScript shows it, but Playwright's switch only
  // stops scripts (Chromium still parses <noscript> as text), so it is read from the page's HTML.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toMatch(
    /<noscript>.*A monthly donation needs JavaScript, which is off in your browser\..*Give once-off instead.*<\/noscript>/s,
  );
  await page.getByRole('tab', { name: 'Once-off' }).click();
  await expect(page).toHaveURL(/\?tab=once-off$/);
  await expect(page.getByRole('tab', { name: 'Once-off' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Donate now' })).toBeVisible();
});
