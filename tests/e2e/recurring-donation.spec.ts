import { expect, test } from '@playwright/test';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { dismissToast, hydrated, logInInBrowser, newPerson, registerByApi } from './support/accounts';

// A signed-in donor gives monthly to the demo campaign that takes recurring
// donations: R 150 on the 15th for 6 months by card through the PayFast
// simulator, finds it in My Donations and cancels it there. Their /thanks
// link, open before they pay, turns to received by itself as the first charge settles.
// The campaign's organisation is a public benefit organisation, so the payment made gets its
// own Section 18A receipt from the monthly donation's payments in My Donations.

const CAMPAIGN = (() => {
  const campaign = DEMO_CAMPAIGNS.find((c) => c.url === 'siyakhula-saturday-school');
  if (!campaign) throw new Error('The demo seed has no siyakhula-saturday-school campaign.');
  return campaign;
})();

test('a signed-in donor sets up a monthly donation on the 15th for 6 months, sees it in My Donations, cancels it, and gets the receipt of its payment', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const person = newPerson('Nomsa', 'Dlamini');
  await registerByApi(request, person);
  await logInInBrowser(page, person);

  await page.goto(`/donation/${CAMPAIGN.url}`);
  const form = page.getByRole('form', { name: `Donate to ${CAMPAIGN.name}` });
  await hydrated(page, form);
  await page.getByRole('tab', { name: 'Monthly' }).click();
  await expect(page.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true');
  await form.getByRole('textbox', { name: /^Monthly amount/ }).fill('150');
  await form.getByLabel('Duration').selectOption({ label: '6 months' });
  await form.getByRole('group', { name: 'Deduction day' }).getByRole('radio', { name: '15th' }).check();
  await form.getByRole('checkbox', { name: /keeps my card details/ }).check();
  await form.getByRole('radio', { name: /Card \(PayFast\)/ }).check();
  // Signed in: name and email are filled in; a monthly donation also needs a mobile number.
  await expect(form.getByLabel('Email')).toHaveValue(person.email);
  await form.getByLabel('Mobile number').fill('+27 82 555 1234');
  // 'Give anonymously' is unticked unless the donor ticks it.
  await expect(form.getByRole('checkbox', { name: 'Give anonymously' })).not.toBeChecked();
  // The subscription form the island posts to PayFast carries the donor's /thanks link (the scheduler token).
  const checkout = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/sandbox/payfast/eng/process',
  );
  await form.getByRole('button', { name: 'Start monthly donation' }).click();
  const returnUrl = new URL(new URLSearchParams((await checkout).postData() ?? '').get('return_url') ?? '');
  expect(returnUrl.pathname).toBe('/thanks');

  // The PayFast simulator's hosted checkout.
  await expect(page).toHaveURL(/\/sandbox\/payfast\//);

  // The /thanks link opened before paying waits for the first charge.
  const thanks = await context.newPage();
  await thanks.goto(`${returnUrl.pathname}${returnUrl.search}`);
  const waiting = thanks.getByRole('main').getByRole('status');
  await expect(waiting).toHaveText('We are waiting for the payment to be confirmed…');
  await hydrated(thanks, thanks.getByRole('heading', { level: 1, name: 'Thank you for your donation' }));

  await page.bringToFront();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/thanks\?donation=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Your monthly donation to')).toBeVisible();
  await expect(main.getByRole('link', { name: CAMPAIGN.name })).toBeVisible();
  // When the next deduction falls, and why a month may pass without one.
  await expect(main.getByText('Next deduction')).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'When a month may be skipped' })).toBeVisible();
  await expect(main.getByRole('status')).toHaveText(
    /^(We are waiting for the payment to be confirmed…|Payment received\. Thank you!)$/,
  );

  // The page that was waiting asks the schedule again and turns without a reload or 'Check again'.
  await thanks.bringToFront();
  await expect(waiting).toHaveText('Payment received. Thank you!');
  await expect(thanks.getByText(`We have emailed your receipt to ${person.email}.`)).toBeVisible();
  await expect(thanks.getByRole('button', { name: 'Check again' })).toHaveCount(0);
  await thanks.close();
  await page.bringToFront();

  // The first charge's notification is booked in the background: the schedule turns Active.
  await page.goto('/profile?tab=3');
  const monthly = page.getByRole('region', { name: 'Monthly' });
  const row = monthly.getByRole('listitem').filter({ hasText: CAMPAIGN.name });
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Active', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByText('R 150.00')).toBeVisible();
  await expect(row.getByText('15th', { exact: true })).toBeVisible();
  await expect(row.getByText('6 months', { exact: true })).toBeVisible();

  // A change of amount goes to the gateway's subscription and shows at once.
  await row.getByRole('button', { name: /^Change amount/ }).click();
  const change = row.getByRole('form', { name: /^Change your monthly donation/ });
  await change.getByLabel(/^Amount per month/).fill('200');
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Donation updated')).toBeVisible();
  await dismissToast(page, 'Donation updated');
  await expect(row.getByText('R 200.00')).toBeVisible();
  await expect(row.getByText('15th', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: /^Cancel/ }).click();
  const confirm = row.getByRole('alertdialog');
  await expect(confirm).toContainText('Stop your monthly donation');
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();

  await expect(page.getByText('Donation cancelled')).toBeVisible();
  await dismissToast(page, 'Donation cancelled');
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);

  // It stays cancelled when the page is loaded again.
  await page.reload();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();

  // The payment it made is listed under it, and gets its Section 18A receipt there.
  await row.getByRole('button', { name: /^Show payments/ }).click();
  const payments = page.getByRole('region', { name: `Payments to ${CAMPAIGN.name}` });
  const payment = payments.getByRole('listitem');
  await expect(payment).toHaveCount(1);
  await expect(payment.getByText('R 150.00')).toBeVisible();
  await expect(payment.getByText('Paid', { exact: true })).toBeVisible();
  await payment.getByRole('button', { name: /^Tax receipt/ }).click();
  const receiptForm = payment.getByRole('form', { name: 'Ask for a Section 18A tax receipt' });
  await expect(receiptForm.getByRole('textbox', { name: 'Full name' })).toHaveValue(
    `${person.firstName} ${person.lastName}`,
  );
  await receiptForm.getByRole('radio', { name: 'Income tax reference number' }).check();
  await receiptForm.getByRole('textbox', { name: 'Number' }).fill('0123456789');
  await receiptForm.getByRole('textbox', { name: 'Postal address' }).fill('8 Church Street\nDurban 4001');
  await receiptForm.getByRole('button', { name: 'Get my receipt' }).click();
  await expect(payment.getByText(/^Receipt No\. \d{6} sent to /)).toBeVisible();
  await expect(payment.getByRole('button', { name: 'Download PDF' })).toBeVisible();
});
