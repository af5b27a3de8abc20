import { type APIRequestContext, expect, test } from '@playwright/test';
import { formatMoney } from '~/lib/money';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { logInInBrowser } from './support/accounts';
import { demoUser } from './support/demo';

// A charity puts the donate widget on its own website: a visitor there sees the campaign's name
// and total inside the frame, and Donate opens the donation page in a new tab. Before that, the
// campaign's owner finds the snippet, QR code and poster on the editor's Share & promote tab.

const campaign = DEMO_CAMPAIGNS.find((c) => c.url === 'sterilise-500-in-graaff-reinet');
if (!campaign) throw new Error('sterilise-500-in-graaff-reinet missing from the demo content');
const PARTNER = 'https://partner.test/';

interface Detail {
  id: string;
  name: string;
  shortUrl: string;
  totalRaised: number;
  campaignSetting: { currency: { symbol: string } };
}

async function detailOf(request: APIRequestContext): Promise<Detail> {
  const res = await request.get(`/api/v1/campaigns/short/${campaign?.url}?idType=0`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as Detail;
}

test('the widget works inside a partner site’s iframe and Donate opens a new tab', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const detail = await detailOf(request);
  const widgetUrl = new URL(`/embed/campaign/${campaign.url}`, baseURL).href;
  // The partner's site, served by the test itself: another origin, and no outside host.
  await page.route(PARTNER, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body:
        '<!doctype html><html lang="en"><head><title>Karoo Animal Rescue</title></head><body>' +
        '<h1>Karoo Animal Rescue</h1><p>Help us sterilise 500 animals this year.</p>' +
        `<iframe src="${widgetUrl}" width="360" height="420" style="border:0" title="Donate to our campaign"></iframe>` +
        '</body></html>',
    }),
  );
  // The test server listens on loopback, so Chromium asks before a public site (the partner, on
  // https as Local Network Access wants) reaches it; a partner and the live site are both public.
  await context.grantPermissions(['local-network-access'], { origin: PARTNER });
  await page.goto(PARTNER);

  const widget = page.frameLocator('iframe[title="Donate to our campaign"]');
  await expect(widget.getByRole('heading', { name: detail.name })).toBeVisible();
  await expect(
    widget.getByText(formatMoney(detail.totalRaised, detail.campaignSetting.currency), { exact: true }),
  ).toBeVisible();
  await expect(widget.getByRole('progressbar', { name: 'Progress towards the target' })).toBeVisible();
  await expect(widget.getByRole('img')).toBeVisible();

  const [donationPage] = await Promise.all([
    context.waitForEvent('page'),
    widget.getByRole('link', { name: 'Donate' }).click(),
  ]);
  await donationPage.waitForLoadState();
  expect(new URL(donationPage.url()).pathname).toBe(`/donation/${campaign.url}`);
  await expect(donationPage.getByRole('form', { name: `Donate to ${detail.name}` })).toBeVisible();
  // The partner's page stays where it was.
  expect(page.url()).toBe(PARTNER);
});

test('the owner finds the short link, QR code, poster and widget code on Share & promote', async ({
  page,
  request,
}) => {
  const detail = await detailOf(request);
  await logInInBrowser(page, demoUser(campaign.owner));
  await page.goto(`/campaign/edit/${detail.id}`);
  await page.getByRole('tab', { name: 'Share & promote' }).click();
  expect(new URL(page.url()).search).toBe('?tab=promote');

  const origin = new URL(page.url()).origin;
  await expect(page.getByLabel("Your campaign's short link")).toHaveValue(`${origin}/${detail.shortUrl}`);
  const qr = page.getByRole('img', { name: `QR code that opens ${origin}/${detail.shortUrl}` });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Download QR code (SVG)' })).toHaveAttribute(
    'href',
    `/campaign/${campaign.url}/qr.svg`,
  );
  const poster = page.getByRole('link', { name: 'Download poster (PDF)' });
  await expect(poster).toHaveAttribute('href', `/campaign/${campaign.url}/poster.pdf`);
  const pdf = await request.get(`/campaign/${campaign.url}/poster.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  await expect(page.getByLabel('Code for your website')).toHaveValue(
    `<iframe src="${origin}/embed/campaign/${campaign.url}" width="360" height="420" style="border:0" ` +
      `loading="lazy" title="Donate to ${detail.name}"></iframe>`,
  );
  const preview = page.frameLocator('iframe[title="Preview of your donate button"]');
  await expect(preview.getByRole('link', { name: 'Donate' })).toBeVisible();
});
