import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { hydrated } from './support/accounts';
import { demoUser } from './support/demo';

// A visitor on a phone opens a campaign from the home page, reads its numbers, opens the
// funding breakdown with the keyboard, plays a video, copies the link and heads for Donate.

const PHONE = { width: 390, height: 844 };
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} missing from the demo content`);
  return value;
}
const campaign = must(
  DEMO_CAMPAIGNS.find((c) => c.url === 'help-lwazi-walk-again'),
  'help-lwazi-walk-again',
);
const owner = must(demoUser(campaign.owner), 'its owner');
const VIDEO = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

/** The demo campaign gets a video through its owner's API (the seed has none). */
async function giveCampaignAVideo(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/v1/authentication/login/', {
    data: { email: owner.email, password: owner.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()).data as { accessToken: string };
  const detail = await request.get(`/api/v1/campaigns/short/${campaign.url}?idType=0`);
  expect(detail.status(), await detail.text()).toBe(200);
  const { id } = (await detail.json()).data as { id: string };
  const update = await request.patch(`/api/v1/campaigns/${id}`, {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: { videos: JSON.stringify([VIDEO]) },
  });
  expect(update.status(), await update.text()).toBe(200);
}

test.use({ viewport: PHONE });

test.beforeAll(async ({ request }) => {
  await giveCampaignAVideo(request);
});

test('a visitor on a phone opens a campaign from /home and gets to Donate', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto('/home');
  await page
    .getByRole('region', { name: 'Featured campaigns' })
    .getByRole('link', { name: campaign.name, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${campaign.url}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(campaign.name);

  // Total, progress and time display.
  await expect(page.getByTestId('total-raised')).toHaveText(/^R \d{1,3}( \d{3})*\.\d\d$/);
  await expect(page.getByTestId('progress')).toHaveText(/^\d+\.\d\d%$/);
  await expect(page.getByTestId('time-display')).toHaveText(/^\d+ (sec|min|hr|days?|wk|yr)$/);

  // The funding breakdown opens on keyboard focus (CSS only, no click).
  const breakdown = page.getByRole('button', { name: 'Funding Breakdown' });
  const tip = page.getByRole('tooltip').filter({ hasText: 'Raised on platform' });
  await expect(tip).toBeHidden();
  await page.getByRole('heading', { level: 1 }).click();
  for (let i = 0; i < 15; i += 1) {
    if (await breakdown.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(breakdown).toBeFocused();
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Raised offline');
  await expect(tip).toContainText('Total');

  // A video loads only when its facade is clicked.
  const players = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"]');
  await expect(players).toHaveCount(0);
  const facade = page.getByRole('button', { name: /^Play video: .*\(YouTube\)$/ }).first();
  await facade.scrollIntoViewIfNeeded();
  await hydrated(page, facade);
  await facade.click();
  await expect(players).toHaveCount(1);

  // Copy the link: the page confirms and the clipboard holds the campaign's address.
  const copy = page.getByRole('button', { name: 'Copy link' });
  await copy.scrollIntoViewIfNeeded();
  await copy.click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`^https?://[^/]+/campaign/${campaign.url}$`),
  );

  // Donate, stuck to the bottom of the phone's screen, leads to the donation flow.
  const donate = page.getByRole('link', { name: 'Donate', exact: true });
  await expect(donate).toHaveCount(1);
  await expect(donate).toBeInViewport();
  const donationRequest = page.waitForRequest(
    (r) => new URL(r.url()).pathname === `/donation/${campaign.url}`,
  );
  await donate.click();
  await donationRequest;
});
