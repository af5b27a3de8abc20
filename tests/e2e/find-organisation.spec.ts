import { expect, type Page, test } from '@playwright/test';
import { DEMO_ORGANISATIONS } from '~/lib/server/db/seed/demo-users';
import { hydrated } from './support/accounts';

// Finding an organisation: the Organisations tab of /find-campaign finds a demo charity
// by a word of its description and opens its public page, with JavaScript and without it.

const siyakhula = (() => {
  const found = DEMO_ORGANISATIONS.find((o) => o.key === 'siyakhula');
  if (!found) throw new Error('demo organisation siyakhula missing');
  return found;
})();
// In the description only: not in the name, the other name or the keywords.
const WORD = 'bursaries';

const results = (page: Page) => page.getByRole('list', { name: 'Organisations' });

async function openOrganisationsTab(page: Page): Promise<void> {
  await page.goto('/find-campaign');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a campaign' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Search for' })
    .getByRole('link', { name: 'Organisations' })
    .click();
  await expect(page).toHaveURL(/\/find-campaign\?tab=organisations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find an organisation' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Search for' }).getByRole('link', { name: 'Organisations' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(results(page).getByRole('link', { name: siyakhula.legalName })).toBeVisible();
}

async function openFoundOrganisation(page: Page): Promise<void> {
  const link = results(page).getByRole('link', { name: siyakhula.legalName, exact: true });
  await expect(results(page).getByRole('listitem')).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/organization/${siyakhula.url}$`));
  await expect(page.getByRole('heading', { level: 1, name: siyakhula.legalName })).toBeVisible();
}

test('a visitor finds an organisation by a word of its description and opens it', async ({ page }) => {
  await openOrganisationsTab(page);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await hydrated(page, search);
  await search.fill(WORD);
  await search.press('Enter');

  await expect(page).toHaveURL(new RegExp(`[?&]tab=organisations&searchText=${WORD}$`));
  await expect(page.getByText('1 organisation found')).toBeVisible();
  const card = results(page).getByRole('listitem');
  await expect(card.getByText('Verified')).toBeVisible();
  await expect(card.getByText('Soweto, Gauteng')).toBeVisible();
  await expect(card.getByText(/runs Saturday classes/)).toBeVisible();

  // The address opens the same search on the same tab.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(WORD);
  await openFoundOrganisation(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the tab link and the form find the organisation, and its link opens it', async ({ page }) => {
    await openOrganisationsTab(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(WORD);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]tab=organisations(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]searchText=${WORD}(&|$)`));
    await expect(page.getByText('1 organisation found')).toBeVisible();
    await openFoundOrganisation(page);
  });
});
