import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { southAfricanDate } from '~/lib/dates';
import { hydrated, logInInBrowser } from './support/accounts';
import { demoUser } from './support/demo';

// Issue 26: a donor arrives through the link someone shared on WhatsApp and gives to a champion's
// campaign for an organisation, ridden in an event; the champion's Insights tab shows the gift on
// today's bar and under WhatsApp; the event's page ranks the campaign, and the organisation's page
// shows the champion on its leaderboard.

type Envelope<T> = { data: T };

/** A champion's launched campaign for their organisation, in the first event: made through the API. */
async function championCampaign(request: APIRequestContext) {
  const pieter = demoUser('pieter');
  const login = await request.post('/api/v1/authentication/login/', {
    data: { email: pieter.email, password: pieter.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = {
    authorization: `Bearer ${((await login.json()) as Envelope<{ accessToken: string }>).data.accessToken}`,
  };
  const mine = (await (await request.get('/api/v1/organizations/mine', { headers })).json()) as Envelope<
    { id: string }[]
  >;
  const organisation = mine.data[0];
  if (!organisation) throw new Error('the demo champion has no organisation');
  const events = (await (await request.get('/api/v1/events')).json()) as Envelope<
    { id: number; slug: string; name: string }[]
  >;
  const event = events.data[0];
  if (!event) throw new Error('no event');
  const name = `Pieter swims for Siyakhula ${randomUUID().slice(0, 6)}`;
  const image = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#1b998b' } })
    .png()
    .toBuffer();
  const created = await request.post('/api/v1/campaigns/', {
    headers,
    multipart: {
      name,
      story: '<p>I swim the Midmar Mile for the Saturday school: every kilometre you back buys books.</p>',
      donationTarget: '20000',
      campaignCategory: '7',
      organisation: organisation.id,
      event: String(event.id),
      images: { name: 'swim.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, url } = (await created.json()).data as { id: string; url: string };
  const launched = await request.patch(`/api/v1/campaigns/${id}/launch`, { headers });
  expect(launched.status(), await launched.text()).toBe(200);
  const detail = (await (await request.get(`/api/v1/campaigns/short/${url}?idType=0`)).json()) as Envelope<{
    organization: { url: string } | null;
  }>;
  const organisationUrl = detail.data.organization?.url;
  if (!organisationUrl) throw new Error('the campaign is not the organisation’s');
  return { id, url, name, organisationUrl, event, owner: pieter };
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a gift through a WhatsApp link reaches the champion’s dashboard, the event’s ranking and the organisation’s leaderboard', async ({
  page,
  request,
}) => {
  test.slow();
  const campaign = await championCampaign(request);

  // 1. The link a WhatsApp share carries.
  await page.goto(`/campaign/${campaign.url}?ref=whatsapp`);
  await page.getByRole('link', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/donation/${campaign.url}\\?ref=whatsapp$`));
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);
  await form.getByRole('button', { name: 'R 250', exact: true }).click();
  await form.getByRole('radio', { name: /^Card \(PayFast\)/ }).check();
  await form.getByRole('textbox', { name: 'First name' }).fill('Ayanda');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Dlamini');
  await form.getByRole('textbox', { name: 'Email' }).fill(`ayanda.${randomUUID().slice(0, 8)}@example.co.za`);
  await form.getByRole('button', { name: 'Donate now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation' })).toBeVisible();

  // 2. The champion opens the campaign's Insights tab.
  await logInInBrowser(page, campaign.owner);
  await page.goto(`/campaign/edit/${campaign.id}?tab=insights`);
  const dashboard = page.getByRole('region', { name: 'Insights' });
  // The settlement is booked as PayFast's notification arrives: reload until it counts.
  await expect(async () => {
    await page.reload();
    await expect(dashboard.getByText('WhatsApp brought the most')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(dashboard.getByText('WhatsApp brought the most: R 250.00 from 1 donation.')).toBeVisible();

  const todaysBar = dashboard.locator(`svg rect[data-date="${southAfricanDate(new Date())}"]`);
  await expect(todaysBar.locator('title')).toHaveText(/R 250\.00, 1 donation$/);
  await expect(dashboard.getByRole('img', { name: 'Where donations came from' })).toContainText('WhatsApp');
  const raised = dashboard.getByRole('definition').first();
  await expect(raised).toHaveText('R 250.00');

  // The figures as a table, for anyone who prefers one.
  await dashboard.getByText('Show the figures as a table').click();
  await expect(
    dashboard
      .getByRole('table', { name: 'Where donations came from' })
      .getByRole('row', { name: /WhatsApp/ }),
  ).toContainText('R 250.00');
  await page.screenshot({ path: test.info().outputPath('insights-phone.png'), fullPage: true });

  // 3. The event's page ranks the campaign; the organisation's page shows the champion.
  await expect(async () => {
    await page.goto(`/event/${campaign.event.slug}`);
    await expect(page.getByRole('link', { name: campaign.name }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: campaign.event.name })).toBeVisible();
  await page.goto(`/organization/${campaign.organisationUrl}`);
  const leaderboard = page.locator('section#champions');
  await expect(leaderboard.getByText(`${campaign.owner.firstName} ${campaign.owner.lastName}`)).toBeVisible();
  await expect(leaderboard.getByText(/raised from \d+ donors?/).first()).toBeVisible();
});
