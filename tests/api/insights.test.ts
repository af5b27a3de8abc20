import { beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '~/lib/contracts/insights';
import { southAfricanDate } from '~/lib/dates';
import { eventually } from '../support/eventually';
import { send, verifyAndLogin } from './support/accounts';
import { demoToken, launchedCampaign, raisedOn, type SavedCampaign, uniqueWord } from './support/campaigns';
import { baseUrl } from './support/http';
import { paidGift } from './support/paidGifts';
import { registerOrganisation } from './support/registeredOrganisation';

// Issue 26: the fundraiser's dashboard. Its sums equal the ledger (refunds included), a shared
// link's ?ref= reaches the donation and the channels, and page views are counted on cache hits too.

let admin: string;
let donor: string;

beforeAll(async () => {
  [admin, donor] = await Promise.all([demoToken('nomvula'), demoToken('sipho')]);
});

const today = (): string => southAfricanDate(new Date());

async function insights(path: string, token: string): Promise<Insights> {
  const res = await send<Insights>('GET', path, undefined, token);
  expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
  return res.body.data;
}

const sum = (values: number[]): number => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

describe('a campaign dashboard', () => {
  let campaign: SavedCampaign;
  let ownerToken: string;
  let orgId: string;
  const word = uniqueWord('in');
  const path = () => `/api/v1/campaigns/${campaign.id}/insights`;

  beforeAll(async () => {
    const org = await registerOrganisation(`Insights Trust ${word}`);
    ownerToken = org.owner.accessToken;
    orgId = org.id;
    campaign = await launchedCampaign(ownerToken, {
      organisation: org.id,
      name: `Insights ${word}`,
      donationTarget: 2000,
    });
    // Settled at once, from three channels: the tallies take turns on the campaign's row.
    const [whatsapp, facebook] = await Promise.all([
      paidGift(campaign, 'payfast', donor, {
        amount: 400,
        email: `wa-${word}@example.co.za`,
        referralChannel: 'whatsapp',
      }),
      paidGift(campaign, 'ozow', donor, {
        amount: 300,
        email: `fb-${word}@example.co.za`,
        referralChannel: 'facebook',
      }),
      paidGift(campaign, 'payfast', donor, {
        amount: 200,
        email: `direct-${word}@example.co.za`,
        referralChannel: 'direct',
      }),
      paidGift(campaign, 'payfast', donor, { amount: 100, email: `old-${word}@example.co.za` }),
    ]);
    const refunds = await Promise.all([
      send(
        'POST',
        `/api/v1/admin/donations/${whatsapp.id}/refund`,
        { amount: 150, reason: 'Gave too much.' },
        admin,
      ),
      send('POST', `/api/v1/admin/donations/${facebook.id}/refund`, { reason: 'Charged twice.' }, admin),
    ]);
    for (const answer of refunds) expect(answer.status, answer.text).toBe(201);
  }, 120_000);

  it('sums to what the ledger says was raised, per day and per channel, refunds taken away', async () => {
    const dashboard = await insights(path(), ownerToken);
    const raised = await raisedOn(campaign);
    // 400 − 150, 300 − 300, 200 and 100.
    expect(raised).toBe(550);
    expect(dashboard.totals.amount).toBe(raised);
    expect(sum(dashboard.daily.map((d) => d.amount))).toBe(raised);
    expect(sum(dashboard.channels.map((c) => c.amount))).toBe(raised);
    expect(dashboard.totals.raisedToDate).toBe(raised);
    expect(dashboard.daily.at(-1)).toMatchObject({
      date: today(),
      amount: raised,
      donations: 3,
      cumulative: raised,
    });
    // The gift refunded in full no longer counts as a donation; its channel shows nothing.
    expect(dashboard.totals.donations).toBe(3);
    expect(dashboard.channels).toEqual([
      { channel: 'whatsapp', label: 'WhatsApp', amount: 250, donations: 1 },
      { channel: 'direct', label: 'Direct', amount: 200, donations: 1 },
      { channel: 'unknown', label: 'Unknown', amount: 100, donations: 1 },
    ]);
    expect(dashboard.donors).toMatchObject({ new: 4, returning: 0, averageGift: 183.33 });
    expect(dashboard.target).toBe(2000);
    expect(dashboard.charts.daily).toContain('<title id="daily-title">');
    expect(dashboard.charts.channels).toContain('WhatsApp');
    expect(dashboard.charts.progress).toContain('Target R 2k');
  });

  it('gives My Campaigns each campaign’s raised, available, donors and this week’s gifts, as the ledger', async () => {
    const mine = await send<{ userCampaigns: { items: { id: string; summary?: unknown }[] } }>(
      'GET',
      '/api/v1/campaigns/user-campaigns?pageSize=50&pageNo=1',
      undefined,
      ownerToken,
    );
    expect(mine.status, mine.text).toBe(200);
    const funding = await send<{ totalFundsAvailable: number }>(
      'GET',
      `/api/v1/campaigns/${campaign.id}/funding`,
      undefined,
      ownerToken,
    );
    expect(mine.body.data.userCampaigns.items.find((c) => c.id === campaign.id)?.summary).toEqual({
      raised: 550,
      available: funding.body.data.totalFundsAvailable,
      donors: 4,
      week: { amount: 550, donations: 3 },
    });
  });

  it('is the organisation’s too, and nobody else’s', async () => {
    const stranger = await verifyAndLogin({ firstName: 'Sizwe', lastName: 'Stranger' });
    expect((await send('GET', path(), undefined, stranger.accessToken)).status).toBe(403);
    expect((await send('GET', path())).status).toBe(401);
    expect((await insights(path(), admin)).totals.amount).toBe(550);
    const org = await insights(`/api/v1/organizations/${orgId}/insights`, ownerToken);
    expect(org.subject).toMatchObject({ kind: 'organisation', id: orgId });
    expect(org.totals.amount).toBe(550);
    expect(
      (await send('GET', `/api/v1/organizations/${orgId}/insights`, undefined, stranger.accessToken)).status,
    ).toBe(403);
  });

  it('refuses a range it cannot read, and keeps a range inside the campaign’s life', async () => {
    const bad = await send<Insights>('GET', `${path()}?from=2026-13-01`, undefined, ownerToken);
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toBe('Dates must be written as YYYY-MM-DD, for example 2026-03-01.');
    const backwards = await send('GET', `${path()}?from=2026-05-02&to=2026-05-01`, undefined, ownerToken);
    expect(backwards.status).toBe(400);
    const past = await insights(`${path()}?from=2000-01-01&to=2000-01-31`, ownerToken);
    expect(past.totals.amount).toBe(0);
    const todayOnly = await insights(`${path()}?from=${today()}&to=${today()}`, ownerToken);
    expect(todayOnly.daily).toHaveLength(1);
    expect(todayOnly.totals.amount).toBe(550);
  });
});

describe('a shared link’s channel and the page views', () => {
  let campaign: SavedCampaign;
  let ownerToken: string;
  const word = uniqueWord('rf');

  beforeAll(async () => {
    const owner = await verifyAndLogin({ firstName: 'Lerato', lastName: 'Sharer' });
    ownerToken = owner.accessToken;
    campaign = await launchedCampaign(ownerToken, { name: `Shared ${word}` });
  }, 60_000);

  it('?ref=whatsapp goes from the campaign page to the donation page, the donation and the channels', async () => {
    const page = await fetch(`${baseUrl}/campaign/${campaign.url}?ref=whatsapp`).then((r) => r.text());
    expect(page).toContain(`href="/donation/${campaign.url}?ref=whatsapp"`);
    const form = await fetch(`${baseUrl}/donation/${campaign.url}?ref=whatsapp`).then((r) => r.text());
    expect(form).toMatch(/name="referralChannel" value="whatsapp"/);
    const unknown = await fetch(`${baseUrl}/campaign/${campaign.url}?ref=<b>`).then((r) => r.text());
    expect(unknown).toContain(`href="/donation/${campaign.url}"`);

    const gift = await paidGift(campaign, 'payfast', donor, { amount: 120, referralChannel: 'whatsapp' });
    expect(gift.status).toBe(1);
    const dashboard = await insights(`/api/v1/campaigns/${campaign.id}/insights`, ownerToken);
    expect(dashboard.channels).toEqual([
      { channel: 'whatsapp', label: 'WhatsApp', amount: 120, donations: 1 },
    ]);

    const refused = await send(
      'POST',
      '/api/v1/donations/logged-in',
      {
        campaignUrl: campaign.url,
        type: 0,
        currencyId: 1,
        amount: 50,
        tipOrAdminFeeAmount: 0,
        paymentMethod: 0,
        firstName: 'T',
        lastName: 'M',
        email: 'tm@example.co.za',
        mobileNumber: '0821234567',
        anonymous: false,
        referralChannel: 'carrier-pigeon',
      },
      donor,
    );
    expect(refused.status).toBe(400);
  });

  it('counts every view of the page, page-cache hits included, and no link preview', async () => {
    const dashboardPath = `/api/v1/campaigns/${campaign.id}/insights`;
    // The views of the test above are saved within 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const before = (await insights(dashboardPath, ownerToken)).totals.views;
    const pagePath = `/campaign/${campaign.url}`;
    let fetched = 0;
    const view = async (userAgent?: string) => {
      const res = await fetch(
        `${baseUrl}${pagePath}`,
        userAgent ? { headers: { 'user-agent': userAgent } } : {},
      );
      await res.text();
      expect(res.status).toBe(200);
      return res.headers.get('x-page-cache') === 'hit';
    };
    // Rendered, then stored: asked until the cache answers, then twice more from it.
    await eventually(
      async () => {
        fetched++;
        expect(await view(), 'the page from the cache').toBe(true);
      },
      { tries: 40, interval: 50 },
    );
    for (let i = 0; i < 2; i++) {
      fetched++;
      expect(await view(), 'the page from the cache again').toBe(true);
    }
    // A link preview fetches the page too: nobody read it.
    expect(await view('WhatsApp/2.23.20.0')).toBe(true);
    // The server saves page views every 250 ms under test.
    const after = await eventually(
      async () => {
        const answer = await insights(dashboardPath, ownerToken);
        expect(answer.totals.views).toBeGreaterThanOrEqual(before + fetched);
        return answer;
      },
      { tries: 41, interval: 150 },
    );
    expect(after.totals.views - before).toBe(fetched);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const settled = await insights(dashboardPath, ownerToken);
    expect(settled.totals.views).toBe(before + fetched);
    expect(settled.daily.at(-1)?.views).toBe(settled.totals.views);
    expect(settled.totals.conversion).toBe(Math.round((1 / settled.totals.views) * 1000) / 10);
  });
});
