import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { hydrated, logInInBrowser } from './support/accounts';
import { raisedCents } from './support/campaignTotals';
import { demoUser } from './support/demo';
import { launchedRandCampaign } from './support/randCampaign';

// Issue 25's journey: a visitor reports a campaign; the admin finds it in the reports queue, pauses
// its donations and refunds all of them through the gateways' simulators; the public page then reads
// R 0.00 with a notice instead of Donate, and every donor has a mail saying their money is coming back.

test.use({ viewport: { width: 390, height: 844 } });

type Envelope<T> = { data: T };

/** A guest gives `amount` through `method`'s simulator, from the donation page, and lands on /thanks. */
async function give(
  page: Page,
  campaign: { url: string; name: string },
  amount: string,
  method: 'payfast' | 'ozow',
  email: string,
) {
  await page.goto(`/donation/${campaign.url}`);
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);
  await form.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await form
    .getByRole('radio', { name: method === 'payfast' ? /^Card \(PayFast\)/ : /^Instant EFT/ })
    .check();
  await form.getByRole('textbox', { name: 'First name' }).fill('Nandi');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Zulu');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('button', { name: 'Donate now' }).click();
  if (method === 'payfast') {
    await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
  } else {
    await expect(page).toHaveURL(/\/sandbox\/ozow/, { timeout: 30_000 });
    await page.locator('button[value="pay"]').click();
  }
  await expect(page).toHaveURL(/\/thanks\?donation=/);
}

async function mailSubjects(request: APIRequestContext, to: string): Promise<string[]> {
  const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as Envelope<{ subject: string }[]>).data.map((m) => m.subject);
}

test('a reported campaign is paused and refunded in full: R 0.00, no Donate, every donor mailed', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const campaign = await launchedRandCampaign(request);
  const donors = [
    `nandi.${randomUUID().slice(0, 8)}@example.co.za`,
    `sipho.${randomUUID().slice(0, 8)}@example.co.za`,
  ];
  await give(page, campaign, '150', 'payfast', donors[0] ?? '');
  await give(page, campaign, '90', 'ozow', donors[1] ?? '');
  await expect.poll(() => raisedCents(page, campaign.url), { timeout: 20_000 }).toBe(24_000);

  // 1. A visitor reports it from the campaign page (a plain link and form: no script needed).
  await page.goto(`/campaign/${campaign.url}`);
  await page.getByRole('link', { name: `Report ${campaign.name}` }).click();
  const reportForm = page.getByRole('form', { name: `Report ${campaign.name}` });
  await reportForm.getByRole('radio', { name: 'Money not used as promised' }).check();
  await reportForm
    .getByRole('textbox', { name: /What is wrong/ })
    .fill('The tanks were never installed; the crèche told me so.');
  // The form's guard wants a few seconds of reading before it is sent, as a person takes.
  await page.waitForTimeout(3100);
  await reportForm.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('status')).toContainText('Your report was sent to the Letsema team');

  // 2. The admin sees it in the reports queue, pauses donations and refunds every donation.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const admin = await context.newPage();
  await logInInBrowser(admin, demoUser('nomvula'));
  await admin.goto('/admin');
  const sections = admin.getByRole('tablist', { name: 'Back office' });
  await hydrated(admin, sections);
  await sections.getByRole('tab', { name: 'Reports and refunds' }).click();
  const group = admin.getByRole('listitem', { name: `Reports about ${campaign.name}` });
  await expect(group).toContainText('The tanks were never installed');
  await expect(group).toContainText('Money not used as promised (1)');

  const card = group.getByRole('listitem', { name: campaign.name });
  await card.getByRole('button', { name: 'Pause donations' }).click();
  const pause = card.getByRole('form', { name: `Pause donations to ${campaign.name}` });
  await pause.getByLabel('Reason').fill('A donor reports the tanks were never installed.');
  await pause.getByRole('button', { name: 'Pause donations' }).click();
  await card.getByRole('alertdialog').getByRole('button', { name: 'Yes, pause' }).click();
  await expect(
    admin.getByRole('listitem', { name: `Reports about ${campaign.name}` }).getByTestId('campaign-review'),
  ).toContainText('Donations paused: A donor reports the tanks were never installed.');

  const fresh = admin
    .getByRole('listitem', { name: `Reports about ${campaign.name}` })
    .getByRole('listitem', { name: campaign.name });
  await expect(fresh.getByRole('button', { name: 'Resume donations' })).toBeVisible();
  await fresh.getByRole('button', { name: 'Donations and refunds' }).click();
  const refunds = fresh.getByRole('region', { name: `Donations and refunds of ${campaign.name}` });
  await expect(refunds.getByRole('listitem')).toHaveCount(2);
  await refunds.getByRole('button', { name: 'Refund all donations' }).click();
  const all = refunds.getByRole('form', { name: `Refund all donations of ${campaign.name}` });
  await all.getByLabel('Reason').fill('Money not used as promised: every donor is refunded.');
  await all.getByRole('button', { name: 'Refund all' }).click();
  await refunds.getByRole('alertdialog').getByRole('button', { name: 'Yes, refund all' }).click();
  await expect(admin.getByText('Donations: 2 refunded (R 240.00).')).toBeVisible({ timeout: 20_000 });
  await expect(refunds.getByText('Refunded in full')).toHaveCount(2);
  await context.close();

  // 3. The public page: R 0.00, no Donate, the notice; every donor was mailed.
  await page.goto(`/campaign/${campaign.url}`);
  await expect(page.getByTestId('total-raised')).toHaveText('R 0.00');
  await expect(page.getByRole('link', { name: 'Donate', exact: true })).toHaveCount(0);
  await expect(
    page.getByText('Donations to this campaign are paused while Letsema reviews it.').first(),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('paused-campaign.png'), fullPage: true });
  for (const donor of donors)
    await expect
      .poll(() => mailSubjects(request, donor), { timeout: 10_000 })
      .toContain(`Your donation to ${campaign.name} was refunded`);
});
