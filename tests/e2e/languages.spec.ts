import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { m } from '~/paraglide/messages.js';
import { hydrated } from './support/accounts';

// Issue 27: a visitor reads and gives in their own language. The labels the test looks for are
// the messages themselves, in the language asked for.

const PHONE = { width: 390, height: 844 };
const CAMPAIGN = 'siyakhula-saturday-school';

async function switchLanguage(page: Page, name: string): Promise<void> {
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await hydrated(page, openMenu);
  await openMenu.click();
  const sidebar = page.getByRole('dialog');
  await sidebar.getByRole('link', { name, exact: true }).click();
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true });

  test('a visitor opens a shared campaign, switches it to isiZulu and stays on it', async ({ page }) => {
    await page.goto(`/campaign/${CAMPAIGN}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-ZA');
    await switchLanguage(page, 'isiZulu');
    await expect(page).toHaveURL(new RegExp(`/zu/campaign/${CAMPAIGN}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'zu');
    // The story stays in its own words, marked with its language.
    await expect(page.locator('[lang="en"]').filter({ hasText: /\w/ }).first()).toBeVisible();
    // And back to English from the footer, on the same campaign.
    await page.getByRole('contentinfo').getByRole('link', { name: 'English', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/campaign/${CAMPAIGN}$`));
  });

  test('a browser that prefers isiZulu is offered the page in isiZulu, not sent there', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, locale: 'zu-ZA' });
    const page = await context.newPage();
    await page.goto(`/campaign/${CAMPAIGN}`);
    await expect(page).toHaveURL(new RegExp(`/campaign/${CAMPAIGN}$`));
    const offer = page.getByRole('link', { name: m.layout_language_offer({}, { locale: 'zu' }) });
    await expect(offer).toBeVisible();
    await offer.click();
    await expect(page).toHaveURL(new RegExp(`/zu/campaign/${CAMPAIGN}$`));
    // Taken once, it is not offered again.
    await page.goto(`/campaign/${CAMPAIGN}`);
    await expect(page.locator('[data-language-offer]')).toBeHidden();
    await context.close();
  });

  for (const path of ['/zu/home', `/zu/campaign/${CAMPAIGN}`, '/af/home', `/af/campaign/${CAMPAIGN}`]) {
    test(`${path} has no accessibility violations (axe)`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html[data-scripts="ready"]')).toBeAttached();
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }
});
