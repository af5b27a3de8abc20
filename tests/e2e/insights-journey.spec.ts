import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { southAfricanDate } from '~/lib/dates';
import { hydrated, logInInBrowser } from './support/accounts';
import { demoUser } from './support/demo';
import { launchedRandCampaign } from './support/randCampaign';

// Issue 26: a donor arrives through the link someone shared on WhatsApp and gives; the owner's
// Insights tab shows the gift on today's bar and under WhatsApp.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a gift through a WhatsApp link shows on the owner’s dashboard, today and under WhatsApp', async ({
  page,
  request,
}) => {
  test.slow();
  const campaign = await launchedRandCampaign(request);

  // 1. The link a WhatsApp share carries.
  await page.goto(`/campaign/${campaign.url}?ref=whatsapp`);
  await page.getByRole('link', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/donation/${campaign.url}\\?ref=whatsapp$`));
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);
  await form.getByRole('button', { name: 'R 250', exact: true }).click();
  await form.getByRole('radio', { name: /^Card \(PayFast\)/ }).check();
  await form.getByRole('textbox', { name: 'First name' }).fill('Ayanda');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Dlamini');
  await form.getByRole('textbox', { name: 'Email' }).fill(`ayanda.${randomUUID().slice(0, 8)}@example.co.za`);
  await form.getByRole('button', { name: 'Donate now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation' })).toBeVisible();

  // 2. The owner opens the campaign's Insights tab.
  const owner = demoUser('kagiso');
  await logInInBrowser(page, owner);
  await page.goto(`/campaign/edit/${campaign.id}?tab=insights`);
  const dashboard = page.getByRole('region', { name: 'Insights' });
  // The settlement is booked as PayFast's notification arrives: reload until it counts.
  await expect(async () => {
    await page.reload();
    await expect(dashboard.getByText('WhatsApp brought the most')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(dashboard.getByText('WhatsApp brought the most: R 250.00 from 1 donation.')).toBeVisible();

  const todaysBar = dashboard.locator(`svg rect[data-date="${southAfricanDate(new Date())}"]`);
  await expect(todaysBar.locator('title')).toHaveText(/R 250\.00, 1 donation$/);
  await expect(dashboard.getByRole('img', { name: 'Where donations came from' })).toContainText('WhatsApp');
  const raised = dashboard.getByRole('definition').first();
  await expect(raised).toHaveText('R 250.00');

  // The figures as a table, for anyone who prefers one.
  await dashboard.getByText('Show the figures as a table').click();
  await expect(
    dashboard
      .getByRole('table', { name: 'Where donations came from' })
      .getByRole('row', { name: /WhatsApp/ }),
  ).toContainText('R 250.00');
  await page.screenshot({ path: test.info().outputPath('insights-phone.png'), fullPage: true });
});
