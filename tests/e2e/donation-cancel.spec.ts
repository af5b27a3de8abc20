import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { hydrated } from './support/accounts';
import { raisedCents } from './support/campaignTotals';
import { launchedRandCampaign } from './support/randCampaign';

// Issue 23, "nothing typed is lost": a guest fills the whole form, goes to PayFast and presses
// Cancel there. Back on the donation page every field is filled again, from the donation itself;
// "Try again" takes them back to pay, and the campaign's total rises by exactly the gift.

test.use({ viewport: { width: 390, height: 844 } });

/**
 * One press of `button` reaches the PayFast simulator: the proof of work starts with the press
 * when the donor typed nothing (a refilled form), and the press waits for it.
 */
async function pressUntilPayFast(page: Page, button: Locator): Promise<void> {
  await button.click();
  await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/, { timeout: 30_000 });
}

/** Display name and comment, behind 'Add a message' (a disclosure, open already when they hold a value). */
async function openMessage(form: Locator): Promise<void> {
  const disclosure = form.locator('details', { hasText: 'Add a message' });
  if (!(await disclosure.evaluate((details) => (details as HTMLDetailsElement).open)))
    await disclosure.getByText('Add a message').click();
}

test('cancelled at PayFast, the donor comes back to a filled form, tries again and the total rises', async ({
  page,
  request,
}) => {
  test.slow();
  const campaign = await launchedRandCampaign(request);
  const before = await raisedCents(page, campaign.url);
  const email = `sizwe.${randomUUID().slice(0, 8)}@example.co.za`;

  await page.goto(`/donation/${campaign.url}`);
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);
  await form.getByRole('textbox', { name: 'Amount' }).fill('320');
  await form.getByRole('slider', { name: 'Tip for the platform' }).fill('5');
  await form.getByRole('radio', { name: /^Card \(PayFast\)/ }).check();
  await form.getByRole('textbox', { name: 'First name' }).fill('Sizwe');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Khumalo');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: /^Mobile number/ }).fill('082 555 0101');
  const anonymousBox = form.getByRole('checkbox', { name: 'Give anonymously' });
  await anonymousBox.check();
  await openMessage(form);
  await form.getByRole('textbox', { name: /^Display name/ }).fill('A friend from Imbali');
  await form.getByRole('textbox', { name: /^Comment/ }).fill('Keep going, Lwazi!');
  await expect(form.getByRole('status').filter({ hasText: 'You pay' })).toHaveText(
    'You pay R 336.00 (donation R 320.00 + tip R 16.00)',
  );

  await pressUntilPayFast(page, form.getByRole('button', { name: 'Donate now' }));
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  // Back on the form, filled from the donation (the address forgets the token).
  await expect(page).toHaveURL(new RegExp(`/donation/${campaign.url}`));
  await hydrated(page, form);
  await expect(page).not.toHaveURL(/cancelled=/);
  await expect(form.getByText('Your payment was cancelled. You can try again.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('320');
  await expect(form.getByRole('slider', { name: 'Tip for the platform' })).toHaveValue('5');
  await expect(form.getByRole('radio', { name: /^Card \(PayFast\)/ })).toBeChecked();
  await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Sizwe');
  await expect(form.getByRole('textbox', { name: 'Surname' })).toHaveValue('Khumalo');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(form.getByRole('textbox', { name: /^Mobile number/ })).toHaveValue('082 555 0101');
  await expect(anonymousBox).toBeChecked();
  await openMessage(form);
  await expect(form.getByRole('textbox', { name: /^Display name/ })).toHaveValue('A friend from Imbali');
  await expect(form.getByRole('textbox', { name: /^Comment/ })).toHaveValue('Keep going, Lwazi!');
  await expect(form.getByRole('status').filter({ hasText: 'You pay' })).toHaveText(
    'You pay R 336.00 (donation R 320.00 + tip R 16.00)',
  );

  // Try again is the form's own button: one more trip to PayFast, and this time pay.
  await pressUntilPayFast(page, form.getByRole('button', { name: 'Try again' }));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/thanks\?donation=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation' })).toBeVisible();

  await expect
    .poll(() => raisedCents(page, campaign.url), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(before + 32_000);
});

test('what a donor types before the script arrives is kept when the form comes alive', async ({ page }) => {
  // Hold the form's script back, as a slow phone network would, while the donor starts typing.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_astro\/DonationForm\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/donation/help-lwazi-walk-again', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Donate to Help Lwazi walk again' });
  await expect(form.locator('xpath=ancestor::astro-island[@ssr]')).toHaveCount(1);
  await form.getByRole('textbox', { name: 'Amount' }).fill('450');
  await form.getByRole('radio', { name: /^Bank transfer/ }).check();
  await form.getByRole('textbox', { name: 'First name' }).fill('Lerato');
  await form.getByRole('textbox', { name: 'Email' }).fill('lerato@example.co.za');

  release();
  await hydrated(page, form);
  await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('450');
  await expect(form.getByRole('radio', { name: /^Bank transfer/ })).toBeChecked();
  await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Lerato');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('lerato@example.co.za');
  // The island holds them too: its total counts the typed amount, and more typing keeps the rest.
  await expect(form.getByRole('status').filter({ hasText: 'You pay' })).toHaveText(
    'You pay R 504.00 (donation R 450.00 + tip R 54.00)',
  );
  await form.getByRole('textbox', { name: 'Surname' }).fill('Dube');
  await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Lerato');
  await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('450');
});
