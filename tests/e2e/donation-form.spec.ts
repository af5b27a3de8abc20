import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { hydrated } from './support/accounts';
import { pressThroughCaptcha } from './support/captchaPress';

// The donation form on a phone: its messages, the dollar switch, coming back from the
// gateway's Cancel, and campaigns that take no donations.

test.use({ viewport: { width: 360, height: 780 } });

function demo(url: string): (typeof DEMO_CAMPAIGNS)[number] {
  const found = DEMO_CAMPAIGNS.find((c) => c.url === url);
  if (!found) throw new Error(`${url} missing from the demo content`);
  return found;
}
const open = demo('langa-lions-u15-to-nationals');
const closed = demo('in-loving-memory-of-themba-zulu');

async function openForm(page: Page, path: string, name: string): Promise<Locator> {
  await page.goto(path);
  const form = page.getByRole('form', { name: `Donate to ${name}` });
  await hydrated(page, form);
  return form;
}

/** CSP reports and script errors end up in the console; the form must cause none. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('validation messages show under their fields, and dollars go by PayPal or card', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const form = await openForm(page, `/donation/${open.url}`, open.name);

  const amount = form.getByRole('textbox', { name: 'Amount' });
  // The minimum is said beside the amount before any refusal.
  await expect(amount).toHaveAccessibleDescription('R 20 minimum');
  // Anonymity is a checkbox, unticked: skipping it is no error.
  await expect(form.getByRole('checkbox', { name: 'Give anonymously' })).not.toBeChecked();
  await amount.fill('15');
  await form.getByRole('button', { name: 'Donate now' }).click();
  await expect(form.getByText('The minimum amount is R 20')).toBeVisible();
  await expect(form.getByText('Please choose an anonymity setting.')).toHaveCount(0);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  // The first wrong field gets the focus.
  await expect(amount).toBeFocused();

  // Rand: card (PayFast, iVeri), Instant EFT, SnapScan and bank transfer; dollars: PayPal, by account or by card.
  const methods = form.getByRole('group', { name: 'Payment method' }).getByRole('radio');
  await expect(methods).toHaveCount(5);
  await form.getByRole('radio', { name: 'US $ (dollar)' }).check();
  await expect(methods).toHaveCount(2);
  await expect(form.getByRole('radio', { name: /^PayPal/ })).toBeChecked();
  await expect(form.getByRole('radio', { name: /^Card \(PayPal\)/ })).not.toBeChecked();
  await expect(form.getByRole('button', { name: 'US $ 25', exact: true })).toBeVisible();
  await expect(form.getByText('US $ 5 minimum')).toBeVisible();
  // 15 is enough in dollars (the minimum is US $ 5): the message goes as the amount changes.
  await amount.fill('4');
  await expect(form.getByText('The minimum amount is US $ 5')).toBeVisible();
  await amount.fill('15');
  await expect(form.getByText(/The minimum amount is/)).toHaveCount(0);
  await expect(form.getByRole('status').filter({ hasText: 'You pay' })).toHaveText(
    'You pay US $ 16.80 (donation US $ 15.00 + tip US $ 1.80)',
  );

  // The tip slider moves in half percent steps with the keyboard.
  const tip = form.getByRole('slider', { name: 'Tip for the platform' });
  await tip.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tip).toHaveValue('11.5');
  expect(errors).toEqual([]);
});

test('a donor who cancels at PayFast comes back to the form, told so', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const form = await openForm(page, `/donation/${open.url}`, open.name);
  await form.getByRole('button', { name: 'R 100', exact: true }).click();
  await form.getByRole('textbox', { name: 'First name' }).fill('Naledi');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Dube');
  await form.getByRole('textbox', { name: 'Email' }).fill(`naledi.${randomUUID().slice(0, 8)}@example.co.za`);
  await form.getByRole('checkbox', { name: 'Give anonymously' }).check();
  await form.getByRole('button', { name: 'Donate now' }).click();

  await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByText('Your payment was cancelled. You can try again.')).toBeVisible();
  // The address forgets the token, so a reload does not cancel again.
  await expect(page).toHaveURL(new RegExp(`/donation/${open.url}$`));
  expect(errors).toEqual([]);
});

test('a closed campaign takes no donations and an unknown one is not found', async ({ page }) => {
  await page.goto(`/donation/${closed.url}`);
  await expect(page.getByRole('heading', { name: 'This campaign is not accepting donations' })).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the campaign' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${closed.url}$`));

  const response = await page.goto('/donation/no-such-campaign-anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
});

test('a bank transfer donor copies the account number and the reference with one tap each', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const form = await openForm(page, `/donation/${open.url}`, open.name);
  await form.getByRole('button', { name: 'R 100', exact: true }).click();
  await form.getByRole('radio', { name: /^Bank transfer \(EFT\)/ }).check();
  await form.getByRole('textbox', { name: 'First name' }).fill('Ayanda');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Zulu');
  await form.getByRole('textbox', { name: 'Email' }).fill(`ayanda.${randomUUID().slice(0, 8)}@example.co.za`);
  const instructions = page.getByRole('region', { name: 'Pay by bank transfer (EFT)' });
  await pressThroughCaptcha(page, form.getByRole('button', { name: 'Donate now' }), instructions);

  const readClipboard = (): Promise<string> => page.evaluate(() => navigator.clipboard.readText());
  const copyAccount = instructions.getByRole('button', { name: 'Copy account number' });
  await copyAccount.click();
  await expect(copyAccount).toHaveText('Copied');
  const accountNumber = await readClipboard();
  expect(accountNumber).toMatch(/^\d[\d ]+$/);
  await expect(instructions.getByText(accountNumber, { exact: true })).toBeVisible();

  const copyReference = instructions.getByRole('button', { name: 'Copy reference' });
  await copyReference.click();
  await expect(copyReference).toHaveText('Copied');
  const reference = await readClipboard();
  await expect(instructions.getByText(reference, { exact: true })).toBeVisible();
  // 'Copied' goes back to 'Copy' by itself.
  await expect(copyAccount).toHaveText('Copy');
});
