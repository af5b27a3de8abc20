import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { PAGE_SIZES } from '~/lib/enums';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { hydrated } from './support/accounts';
import { demoUser } from './support/demo';

// Finding a campaign: a search narrows the results; 'Load more' appends the next page
// without repeating a campaign: in place with JavaScript, and as the longer page without it.

const lwazi = (() => {
  const found = DEMO_CAMPAIGNS.find((c) => c.url === 'help-lwazi-walk-again');
  if (!found) throw new Error('demo campaign help-lwazi-walk-again missing');
  return found;
})();
const PAGE = PAGE_SIZES.campaignSearch;

const results = (page: Page) => page.getByRole('list', { name: 'Campaigns' });
const cardNames = (page: Page): Promise<string[]> =>
  results(page)
    .getByRole('heading', { level: 2 })
    .allTextContents()
    .then((names) => names.map((n) => n.trim()));

/**
 * Launches `count` campaigns whose names carry `word` (through a demo owner's API), so a
 * search for the word has more than one page whatever other test files create meanwhile.
 */
async function launchCampaigns(request: APIRequestContext, word: string, count: number): Promise<string[]> {
  const owner = demoUser('zanele');
  const login = await request.post('/api/v1/authentication/login/', {
    data: { email: owner?.email, password: owner?.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken as string}` };
  const image = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();
  const names: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    const name = `Netball kit ${word} number ${i}`;
    const created = await request.post('/api/v1/campaigns/', {
      headers,
      multipart: {
        name,
        story: `<p>Team ${i} of the ${word} league needs kit, transport and two nights in Gqeberha for the finals.</p>`,
        donationTarget: '25000',
        campaignCategory: '6',
        images: { name: 'team.png', mimeType: 'image/png', buffer: image },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()).data as { id: string };
    const launched = await request.patch(`/api/v1/campaigns/${id}/launch`, { headers });
    expect(launched.status(), await launched.text()).toBe(200);
    names.push(name);
  }
  return names;
}

test('a search narrows the results and keeps a shareable address', async ({ page }) => {
  await page.goto('/find-campaign');
  const before = await cardNames(page);
  expect(before.length).toBeGreaterThan(1);
  expect(before.length).toBeLessThanOrEqual(PAGE);

  const search = page.getByRole('searchbox', { name: 'Search' });
  await hydrated(page, search);
  await search.fill('Lwazi');
  await search.press('Enter');

  await expect(page).toHaveURL(/[?&]searchText=Lwazi(&|$)/);
  await expect(results(page).getByRole('link', { name: lwazi.name, exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ campaigns? found$/)).toBeVisible();
  const after = await cardNames(page);
  expect(after.length).toBeLessThan(before.length);
  expect(after).toContain(lwazi.name);

  // The address opens the same search.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('Lwazi');
  expect(await cardNames(page)).toEqual(after);
});

test.describe('more than a page of results', () => {
  test.describe.configure({ mode: 'serial' });
  const word = `zq${randomUUID()
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;
  let names: string[] = [];

  test.beforeAll(async ({ request }) => {
    names = await launchCampaigns(request, word, PAGE + 2);
  });

  test('load more appends the next page without duplicates', async ({ page }) => {
    await page.goto(`/find-campaign?searchText=${word}`);
    await expect(page.getByText(`${names.length} campaigns found`)).toBeVisible();
    const first = await cardNames(page);
    expect(first).toHaveLength(PAGE);

    const more = page.getByRole('link', { name: 'Load more' });
    await hydrated(page, more);
    await more.click();
    await expect(results(page).getByRole('listitem')).toHaveCount(names.length);
    // Appended in place: the page was not left for the longer one.
    await expect(page).not.toHaveURL(/[?&]pageNo=/);
    const all = await cardNames(page);
    expect(all.slice(0, PAGE)).toEqual(first);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...names].sort());
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the form searches and the Load more link shows the next page too', async ({ page }) => {
      await page.goto('/find-campaign');
      await page.getByRole('searchbox', { name: 'Search' }).fill(word);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]searchText=${word}(&|$)`));
      expect(await cardNames(page)).toHaveLength(PAGE);

      await page.getByRole('link', { name: 'Load more' }).click();
      await expect(page).toHaveURL(/[?&]pageNo=2(&|$)/);
      const all = await cardNames(page);
      expect(new Set(all).size).toBe(all.length);
      expect([...all].sort()).toEqual([...names].sort());
    });
  });
});

test('the place box suggests provinces and cities from the first letters', async ({ page }) => {
  await page.goto('/find-campaign');
  const place = page.getByRole('combobox', { name: 'Location' });
  await hydrated(page, place);
  await place.pressSequentially('Gau');
  const suggestions = page.getByRole('listbox', { name: 'Location' }).getByRole('option');
  await expect(suggestions).toHaveText(['Gauteng']);

  await place.fill('');
  await place.pressSequentially('cape');
  await expect(suggestions).toHaveText(['Cape Town', 'Eastern Cape', 'Northern Cape', 'Western Cape']);
  await place.press('ArrowDown');
  await place.press('Enter');
  await expect(place).toHaveValue('Cape Town');
  await expect(suggestions).toHaveCount(0);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]address=Cape\+Town(&|$)/);
});

/** A province where no demo campaign named like Lwazi's is, so searching there finds nothing. */
const elsewhere = ['Northern Cape', 'Limpopo', 'Free State'].find((province) => province !== lwazi.province);

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'no results' : 'no results, without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a search that finds nothing offers a way on', async ({ page }) => {
      await page.goto(`/find-campaign?searchText=Lwazi&address=${encodeURIComponent(elsewhere ?? '')}`);
      const none = page.getByRole('region', { name: 'No campaigns match your search.' });
      await expect(none).toBeVisible();
      await expect(none.getByRole('link', { name: 'Start a campaign' })).toBeVisible();
      // The place is the only filter: dropping it is clearing the filters, so one link says so.
      await expect(none.getByRole('link', { name: 'Clear filters' })).toHaveCount(0);
      await expect(none.getByRole('link', { name: 'See all campaigns' })).toHaveAttribute(
        'href',
        '/find-campaign',
      );

      await none.getByRole('link', { name: 'Search all of South Africa' }).click();
      await expect(page).toHaveURL(/\/find-campaign\?searchText=Lwazi$/);
      await expect(results(page).getByRole('link', { name: lwazi.name, exact: true })).toBeVisible();
    });
  });
}

test('the Organisations tab offers a way on from no results too', async ({ page }) => {
  await page.goto('/find-campaign?tab=organisations&searchText=zzqqxx&organizationSectorIds=1');
  const none = page.getByRole('region', { name: 'No organisations match your search.' });
  await expect(none.getByRole('link', { name: 'Register an organisation' })).toHaveAttribute(
    'href',
    '/organization/register',
  );
  await none.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/find-campaign\?tab=organisations&searchText=zzqqxx$/);
  await expect(page.getByRole('region', { name: 'No organisations match your search.' })).toBeVisible();
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
});
