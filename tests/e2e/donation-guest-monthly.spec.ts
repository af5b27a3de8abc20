import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { Envelope } from '~/lib/contracts/common';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { hydrated, onThisServer } from './support/accounts';
import { pressThroughCaptcha } from './support/captchaPress';

// Issue 23, journey 4: a guest on a phone, without an account, gives monthly (SPEC §1: "with or
// without being logged in") through the PayFast simulator's subscription, gets the receipt by
// mail, opens the link in it that manages the monthly donation, and cancels it there.

test.use({ viewport: { width: 390, height: 844 } });

const CAMPAIGN = (() => {
  const campaign = DEMO_CAMPAIGNS.find((c) => c.url === 'siyakhula-saturday-school');
  if (!campaign?.monthly)
    throw new Error('The demo campaign siyakhula-saturday-school takes no monthly gifts.');
  return campaign;
})();

const GATEWAY = /\/sandbox\/payfast\/eng\/process/;

interface OutboxMail {
  subject: string;
  links: string[];
}

async function mailsTo(page: Page, email: string): Promise<OutboxMail[]> {
  const answer = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await answer.json()) as Envelope<OutboxMail[]>).data;
}

test('a guest gives monthly through PayFast and cancels it from the link in the mail', async ({ page }) => {
  test.slow();
  const email = `sipho.${randomUUID().slice(0, 8)}@example.co.za`;

  await page.goto(`/donation/${CAMPAIGN.url}`);
  const form = page.getByRole('form', { name: `Donate to ${CAMPAIGN.name}` });
  await hydrated(page, form);
  // No account: the Monthly tab is there all the same.
  const monthlyTab = page.getByRole('tab', { name: 'Monthly' });
  await monthlyTab.click();
  await expect(monthlyTab).toHaveAttribute('aria-selected', 'true');

  await form.getByRole('textbox', { name: /^Monthly amount/ }).fill('120');
  await form.getByLabel('Duration').selectOption({ label: '6 months' });
  await form.getByRole('group', { name: 'Deduction day' }).getByRole('radio', { name: '1st' }).check();
  await form.getByRole('checkbox', { name: /keeps my card details/ }).check();
  await expect(form.getByRole('radio', { name: /Card \(PayFast\)/ })).toBeChecked();
  await form.getByRole('textbox', { name: 'First name' }).fill('Sipho');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Ngcobo');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Mobile number').fill('082 555 0199');
  await expect(form.getByRole('checkbox', { name: 'Give anonymously' })).not.toBeChecked();
  // The display name and comment wait behind "Add a message".
  const comment = form.getByRole('textbox', { name: /^Comment/ });
  await expect(comment).toBeHidden();
  await form.getByText('Add a message').click();
  await comment.fill('For the Saturday maths class, every month.');

  await pressThroughCaptcha(page, form.getByRole('button', { name: 'Start monthly donation' }), GATEWAY);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/thanks\?donation=/);
  await expect(page.getByRole('main').getByText('Your monthly donation to')).toBeVisible();

  // The receipt of the first charge carries the link that manages the monthly donation.
  let manageLink = '';
  await expect
    .poll(
      async () => {
        const links = (await mailsTo(page, email)).flatMap((mail) => mail.links);
        manageLink = links.find((link) => link.includes('/monthly-donation?token=')) ?? '';
        return manageLink;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .not.toBe('');

  await page.goto(onThisServer(manageLink));
  await expect(page.getByRole('heading', { level: 1, name: 'Your monthly donation' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: CAMPAIGN.name })).toBeVisible();
  await expect(main.getByText('R 120.00', { exact: true })).toBeVisible();
  await expect(main.getByText('1 of 6 deductions')).toBeVisible();
  await expect(main.getByText('Active', { exact: true })).toBeVisible();

  // Cancel asks first; "Keep donating" would leave it as it is.
  await main.getByRole('link', { name: 'Cancel monthly donation' }).click();
  const confirm = main.getByRole('alertdialog');
  await expect(confirm).toContainText(`Stop your monthly donation to “${CAMPAIGN.name}”?`);
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();

  await expect(main.getByRole('status')).toHaveText('Donation cancelled');
  await expect(main.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Cancel monthly donation' })).toHaveCount(0);
  // It stays cancelled, and the guest gets the mail saying so.
  await page.goto(onThisServer(manageLink));
  await expect(page.getByRole('main').getByText('Cancelled', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(page, email)).map((mail) => mail.subject), { timeout: 10_000 })
    .toContain(`Your monthly donation to ${CAMPAIGN.name} is cancelled`);
});
