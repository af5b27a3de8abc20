import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  dismissToast,
  hydrated,
  logInInBrowser,
  newPerson,
  registerByApi,
  verifyThroughOutbox,
} from './support/accounts';

// A new owner on a phone: starts a campaign with two images, saves the draft, finds it
// 'Not launched' in My Campaigns, launches it, sees it as a visitor, posts an update with
// an image and closes it with a reason.

test.use({ viewport: { width: 390, height: 844 } });

/** A plain-colour PNG, made here so the test needs no binary fixtures. */
async function png(name: string, background: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 800, height: 450, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

test('a new owner starts, launches, updates and closes a campaign', async ({ page, browser, request }) => {
  test.slow();
  const person = newPerson('Lerato', 'Nkosi');
  const name = `Books for Kgosi ${person.email.slice(7, 15)}`;
  await registerByApi(request, person);
  await verifyThroughOutbox(page, person);
  await logInInBrowser(page, person);

  // Basics.
  await page.goto('/campaign/start');
  const form = page.getByRole('form', { name: 'Campaign details' });
  await hydrated(page, form);
  await form.getByLabel('Campaign name').fill(name);
  await form.getByLabel('Category', { exact: true }).selectOption({ label: 'Education and Training' });
  await form.getByLabel('Donation target').fill('25 000');
  await form.getByRole('button', { name: 'Next: Story' }).click();

  // Story, in the rich-text editor.
  await expect(form.getByRole('heading', { name: /Story$/ })).toBeFocused();
  const story = form.getByRole('textbox', { name: 'Your story' });
  await story.click();
  await page.keyboard.type('Kgosi reads everything he can find. ');
  await form.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Help us fill his school library');
  await form.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' with 200 new books before the next term starts.');
  await expect(story.locator('strong, b')).toHaveText('Help us fill his school library');
  await form.getByRole('button', { name: 'Next: Media' }).click();

  // Media: two images, the second moved first.
  await expect(form.getByText('No images added')).toBeVisible();
  await form
    .getByLabel('Choose images')
    .setInputFiles([
      await png('library.png', { r: 11, g: 110, b: 79 }),
      await png('kgosi.png', { r: 242, g: 165, b: 65 }),
    ]);
  const chosen = form.getByRole('list', { name: 'Chosen images, in display order' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await chosen.getByRole('button', { name: 'Move kgosi.png earlier' }).click();
  await expect(chosen.getByRole('listitem').first().getByRole('img')).toHaveAttribute('alt', 'kgosi.png');

  // Save draft.
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Campaign saved successfully.')).toBeVisible();
  await dismissToast(page, 'Campaign saved successfully.');
  await expect(page).toHaveURL(/\/campaign\/edit\/[0-9a-f-]{36}$/);
  await expect(chosen.getByRole('listitem')).toHaveCount(2);

  // My Campaigns lists the draft as not launched.
  await page.goto('/profile?tab=2');
  const campaigns = page.getByRole('list', { name: 'Your campaigns' });
  const card = campaigns.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card.getByText('Not launched')).toBeVisible();

  // Launch from the editor's review step.
  await card.getByRole('link', { name: `Edit ${name}` }).click();
  const editor = page.getByRole('form', { name: 'Campaign details' });
  await hydrated(page, editor);
  await editor
    .getByRole('navigation', { name: 'Campaign steps' })
    .getByRole('button', { name: /Review/ })
    .click();
  await expect(page.getByText('Draft · not launched')).toBeVisible();
  await editor.getByRole('button', { name: 'Launch campaign' }).click();
  // The confirmation says what happens at once (it goes public, its link can be shared, donations
  // open) and who is paid: an Independent campaign pays its owner.
  const confirm = page.getByRole('alertdialog', { name: /Launch .* now\? It goes public at once\./ });
  await expect(confirm.getByText('Its page becomes public: anyone can find it and read it.')).toBeVisible();
  await expect(confirm.getByText(/Its link can be shared/)).toBeVisible();
  await expect(confirm.getByText(/Donations open/)).toBeVisible();
  await expect(confirm.getByText('Paid out to you.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, launch it' }).click();
  await expect(page.getByText('Campaign launched successfully!')).toBeVisible();
  await dismissToast(page, 'Campaign launched successfully!');
  const viewLink = page.getByRole('link', { name: 'View campaign page' });
  await expect(viewLink).toBeVisible();
  const publicPath = await viewLink.getAttribute('href');
  expect(publicPath).toMatch(/^\/campaign\/[a-z0-9-]+$/);

  // Anyone can see it now.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(publicPath ?? '/');
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(name);
  await visitor.close();

  // Back as the owner: an update with an image.
  await page.getByRole('tab', { name: 'Post update' }).click();
  const update = page.getByRole('form', { name: 'Post an update' });
  await update.getByRole('textbox', { name: 'Your update' }).click();
  await page.keyboard.type('The first 50 books arrived today. Thank you, everyone!');
  await update.getByLabel('Add images').setInputFiles([await png('books.png', { r: 29, g: 42, b: 36 })]);
  await expect(update.getByRole('img', { name: 'books.png' })).toBeVisible();
  await update.getByRole('button', { name: 'Post update' }).click();
  await expect(page.getByText('Updated posted successfully.')).toBeVisible();
  await dismissToast(page, 'Updated posted successfully.');

  // Close it with a reason.
  await page.getByRole('tab', { name: 'Close' }).click();
  const close = page.getByRole('form', { name: 'Close campaign' });
  await close.getByLabel('Why are you closing it?').selectOption({ label: 'Target reached' });
  await close.getByRole('button', { name: 'Close campaign' }).click();
  await close.getByRole('button', { name: 'Yes, close the campaign' }).click();
  await expect(page.getByText('Campaign closed successfully')).toBeVisible();
  await expect(page.getByText('Status: Closed')).toBeVisible();
  await expect(page.getByText(/This campaign is closed since .* \(Target reached\)/)).toBeVisible();
});

test('a visitor who opens /campaign/start logs in first and comes back to it', async ({ page, request }) => {
  const person = newPerson('Sipho', 'Zulu');
  await registerByApi(request, person);
  await page.goto('/campaign/start');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logInInBrowser(page, person, { goto: false });
  await expect(page).toHaveURL(/\/campaign\/start$/);
  await expect(
    page.getByRole('form', { name: 'Campaign details' }).getByLabel('Campaign name'),
  ).toBeVisible();
});
