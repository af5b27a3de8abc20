import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { hydrated, logInInBrowser, newPerson, registerByApi } from './support/accounts';
import { demoUser } from './support/demo';

// The back office as issue 22 asks for it: the admin reaches it from her account menu (nobody
// else sees the link), the banner editor starts from the current banner, wraps a selection in
// bold and previews what the server keeps, and the audit log reads as words, filters and exports
// CSV. Nothing here changes what visitors see (the banner is not saved).

type Envelope<T> = { data: T };

async function openAccountMenu(page: Page): Promise<void> {
  await hydrated(page, page.getByRole('button', { name: 'Account menu' }).last());
  await page.locator('[data-when="user"]').getByRole('button', { name: 'Account menu' }).click();
}

test('a signed-in user who is not staff has no Back office in the account menu', async ({
  page,
  request,
}) => {
  const person = newPerson('Lindiwe', 'Khumalo');
  await registerByApi(request, person);
  await logInInBrowser(page, person);
  await page.goto('/home');
  await openAccountMenu(page);
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back office' })).toHaveCount(0);
});

test('the admin reaches the back office from her menu, edits the banner with a preview and reads the audit log', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = demoUser('nomvula');
  await logInInBrowser(page, admin);

  // The account menu of a public page (the same HTML for everyone) shows her the way in.
  await page.goto('/home');
  await openAccountMenu(page);
  await page.getByRole('link', { name: 'Back office' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Back office', level: 1 })).toBeVisible();

  // The banner editor starts from the current banner.
  const token = await page.evaluate(() => localStorage.getItem('userAuthToken'));
  const current = await request.get('/api/v1/admin/banner', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(current.status(), await current.text()).toBe(200);
  const banner = ((await current.json()) as Envelope<{ message: string } | null>).data;

  const sections = page.getByRole('tablist', { name: 'Back office' });
  await sections.getByRole('tab', { name: 'Banner' }).click();
  const form = page.getByRole('form', { name: 'Site banner' });
  await hydrated(page, form);
  const message = form.getByLabel('Message (HTML)');
  await expect(message).toHaveValue(banner?.message ?? '');

  // Bold wraps the selected word; the preview shows what the server keeps.
  await message.fill('Office closed tomorrow <script>alert(1)</script>');
  await message.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(14, 22));
  await form
    .getByRole('toolbar', { name: 'Format the message' })
    .getByRole('button', { name: 'Bold' })
    .click();
  await expect(message).toHaveValue('Office closed <strong>tomorrow</strong> <script>alert(1)</script>');
  const preview = page.getByTestId('banner-preview');
  await expect(preview.locator('strong')).toHaveText('tomorrow');
  await expect(preview).toHaveText('Office closed tomorrow');
  await expect(preview.locator('script')).toHaveCount(0);

  // Link asks for an address, refuses a script one, and wraps the selection.
  await message.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(0, 6));
  await form.getByRole('button', { name: 'Link' }).click();
  const address = form.getByLabel('Link address');
  await address.fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Please enter a link starting with https://, http://, mailto: or / (a page of this site).',
  );
  await address.fill('https://letsema.test/contact');
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(preview.getByRole('link', { name: 'Office' })).toHaveAttribute(
    'href',
    'https://letsema.test/contact',
  );

  // The audit log in words: her own login, found by person and kind.
  await sections.getByRole('tab', { name: 'Audit log' }).click();
  const filter = page.getByRole('form', { name: 'Filter the audit log' });
  await hydrated(page, filter);
  await filter.getByLabel('Person (name or email)').fill('admin@letsema.test');
  await filter.getByLabel('Kind').selectOption({ label: 'Logged in' });
  await filter.getByRole('button', { name: 'Filter' }).click();
  const log = page.getByRole('table', { name: 'Audit log, newest first' });
  const rows = log.locator('tbody tr');
  await expect(rows.first()).toContainText('Logged in');
  await expect(rows.first()).toContainText('Nomvula Dlamini');
  await expect(rows.filter({ hasNotText: 'Logged in' })).toHaveCount(0);

  // A person who never did anything: nothing matches.
  await filter.getByLabel('Person (name or email)').fill('nobody-at-all');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No entries match.')).toBeVisible();

  // The CSV of what the filter keeps.
  await filter.getByLabel('Person (name or email)').fill('admin@letsema.test');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(rows.first()).toContainText('Logged in');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    filter.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^letsema-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('When,Who,Email,Action,Kind,Name,Id,Changes,Notes');
  expect(csv).toContain('Nomvula Dlamini,admin@letsema.test,Logged in,User,Nomvula Dlamini');
});
