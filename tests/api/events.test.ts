import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent } from '~/lib/contracts/admin';
import type { CampaignCard } from '~/lib/contracts/campaigns';
import type { EventLookup } from '~/lib/contracts/lookups';
import type { ChampionsPage } from '~/lib/contracts/organisations';
import { type SignedInAccount, send } from './support/accounts';
import {
  demoToken,
  launchedCampaign,
  publicDetail,
  readyCampaign,
  type SavedCampaign,
  uniqueWord,
} from './support/campaigns';
import { baseUrl } from './support/http';
import { paidGift } from './support/paidGifts';
import {
  joinedMember,
  type RegisteredOrganisation,
  registerOrganisation,
} from './support/registeredOrganisation';

// Issue 26 items 6 and 7: an event's page and a champions leaderboard, whose totals equal the
// ledger (refunds taken away) that the campaigns' own pages show.

let admin: string;
let donor: string;

beforeAll(async () => {
  [admin, donor] = await Promise.all([demoToken('nomvula'), demoToken('sipho')]);
});

const cents = (rand: number): number => Math.round(rand * 100);

async function data<T>(path: string, token?: string): Promise<T> {
  const res = await send<T>('GET', path, undefined, token);
  expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
  return res.body.data;
}

async function page(path: string): Promise<{ status: number; headers: Headers; html: string }> {
  const res = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

function refund(donationId: string, body: Record<string, unknown>) {
  return send('POST', `/api/v1/admin/donations/${donationId}/refund`, body, admin);
}

/** What the campaign's own public detail says it raised, in cents. */
async function raisedCents(campaign: SavedCampaign): Promise<number> {
  const detail = await publicDetail(campaign.url);
  expect(detail.status, detail.text).toBe(200);
  return cents(detail.body.data.donationsReceivedTotal);
}

describe('an event and a champions leaderboard, after donations and refunds', () => {
  const word = uniqueWord('ev');
  let event: AdminEvent;
  let org: RegisteredOrganisation;
  let champion: SignedInAccount;
  let quiet: SignedInAccount;
  // `lead` raises most, `many` has most donors, `draft` never launches, `outside` is in no event.
  const campaigns: Record<'lead' | 'many' | 'draft' | 'outside', SavedCampaign> = {} as never;
  const email = (who: string): string => `${who}-${word}@example.co.za`;

  beforeAll(async () => {
    const created = await send<AdminEvent>(
      'POST',
      '/api/v1/admin/events',
      {
        name: `Two Oceans ${word}`,
        description: 'Runners raise funds for causes they love.',
        location: 'Cape Town',
        startDate: '2027-04-17',
        endDate: '2027-04-18',
      },
      admin,
    );
    expect(created.status, created.text).toBe(201);
    event = created.body.data;
    org = await registerOrganisation(`Event Leaderboard Trust ${word}`);
    [champion, quiet] = await Promise.all([joinedMember(org, 'Thandi'), joinedMember(org, 'Quiet')]);
    const owner = org.owner.accessToken;
    [campaigns.lead, campaigns.many, campaigns.draft, campaigns.outside] = await Promise.all([
      launchedCampaign(owner, { organisation: org.id, event: event.id, name: `Lead runner ${word}` }),
      launchedCampaign(champion.accessToken, {
        organisation: org.id,
        event: event.id,
        name: `Many donors ${word}`,
        offlineDonations: 100,
      }),
      readyCampaign(owner, { organisation: org.id, event: event.id, name: `Draft runner ${word}` }),
      launchedCampaign(owner, { organisation: org.id, name: `Outside ${word}` }),
    ]);
    const [lead1, , whole] = await Promise.all([
      paidGift(campaigns.lead, 'payfast', donor, { amount: 400, email: email('x') }),
      paidGift(campaigns.lead, 'payfast', donor, { amount: 200, email: email('v') }),
      paidGift(campaigns.many, 'ozow', donor, { amount: 300, email: email('x') }),
      paidGift(campaigns.many, 'payfast', donor, { amount: 100, email: email('z') }),
      paidGift(campaigns.many, 'payfast', donor, { amount: 150, email: email('w') }),
      paidGift(campaigns.many, 'payfast', donor, { amount: 50, email: email('V') }),
      paidGift(campaigns.outside, 'payfast', donor, { amount: 999, email: email('o') }),
    ]);
    const answers = await Promise.all([
      refund(lead1.id, { amount: 150, reason: 'Gave too much by mistake.' }),
      refund(whole.id, { reason: 'Charged twice.' }),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
  }, 180_000);

  // lead: 250 + 200 = 450 from x and v; many: 100 + 150 + 50 = 300 from z, w and v (x refunded in full).
  const LEAD = 45_000;
  const MANY = 30_000;

  it('the campaigns name the event, with its slug, and link to its page', async () => {
    expect(event.slug).toMatch(/^two-oceans-/);
    const detail = await publicDetail(campaigns.many.url);
    expect(detail.body.data).toMatchObject({ event: { id: event.id, slug: event.slug } });
    const lookups = await data<EventLookup[]>('/api/v1/events/');
    expect(lookups.find((e) => e.id === event.id)?.slug).toBe(event.slug);
    const campaignPage = await page(`/campaign/${campaigns.many.url}`);
    expect(campaignPage.html).toContain(`href="/event/${event.slug}"`);
    expect(campaignPage.html).toContain(`Two Oceans ${word}`);
  });

  it('/event/{slug}: the total equals the ledger, and the campaigns are ranked by raised and by donors', async () => {
    expect(await raisedCents(campaigns.lead)).toBe(LEAD);
    expect(await raisedCents(campaigns.many)).toBe(MANY);
    const res = await page(`/event/${event.slug}`);
    expect(res.status).toBe(200);
    const { html } = res;
    expect(html).toContain(`Two Oceans ${word}`);
    expect(html).toContain('Cape Town');
    expect(html).toMatch(/data-testid="event-raised">R\s?750\.00</);
    // The headline adds what the owners raised offline, as the campaign cards do.
    expect(html).toMatch(/data-testid="event-offline">R\s?100\.00</);
    expect(html).toMatch(/data-testid="event-total">R\s?850\.00</);
    expect(html).toMatch(/data-testid="event-campaigns">2</);
    // x, v (any case), z and w: four people, each once.
    expect(html).toMatch(/data-testid="event-donors">4 donors</);
    expect(html).not.toContain(`Draft runner ${word}`);
    expect(html).not.toContain(`Outside ${word}`);
    const [byRaised, byDonors] = html.split('id="by-donors"');
    expect(byRaised?.indexOf(`Lead runner ${word}`)).toBeLessThan(
      byRaised?.indexOf(`Many donors ${word}`) ?? -1,
    );
    expect(byDonors?.indexOf(`Many donors ${word}`)).toBeLessThan(
      byDonors?.indexOf(`Lead runner ${word}`) ?? -1,
    );
    expect(byDonors).toContain('3 donors');
    expect(html).toContain(`/find-campaign?event=${event.slug}`);
    expect(html).toContain('"@type":"Event"');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(image).toContain(`/share/event/${event.slug}.png?v=`);
    const { pathname, search } = new URL(image, baseUrl);
    const card = await fetch(`${baseUrl}${pathname}${search}`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
  });

  it('an unknown slug goes to the 404 page', async () => {
    for (const path of [`/event/no-such-event-${word}`, '/event/Not%20A%20Slug']) {
      const res = await page(path);
      expect(res.status, path).toBe(302);
      expect(new URL(res.headers.get('location') ?? '', baseUrl).pathname).toBe('/misc/404');
    }
    expect((await fetch(`${baseUrl}/share/event/no-such-event-${word}.png`)).status).toBe(404);
  });

  it('search filters by the event slug', async () => {
    const found = await data<{ items: CampaignCard[] }>(
      `/api/v1/campaigns/filter-campaigns/?event=${event.slug}&pageSize=48`,
    );
    expect(found.items.map((c) => c.id).sort()).toEqual([campaigns.lead.id, campaigns.many.id].sort());
    const none = await data<{ items: CampaignCard[] }>(
      `/api/v1/campaigns/filter-campaigns/?event=no-such-${word}`,
    );
    expect(none.items).toEqual([]);
    const bad = await send('GET', '/api/v1/campaigns/filter-campaigns/?event=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({ event: ['event must be an event’s slug, as in /event/{slug}.'] });
    const search = await page(`/find-campaign?event=${event.slug}`);
    expect(search.html).toContain(`Lead runner ${word}`);
    expect(search.html).toContain(`Many donors ${word}`);
    expect(search.html).not.toContain(`Outside ${word}`);
    expect(search.html).toMatch(new RegExp(`<option value="${event.slug}" selected`));
  });

  it('the sitemap lists the event page', async () => {
    const sitemap = await page('/sitemaps/pages.xml');
    expect(sitemap.html).toContain(`/event/${event.slug}</loc>`);
  });

  it("the champions leaderboard: each champion's raised total equals their campaigns' ledger", async () => {
    const ranked = await data<ChampionsPage>(`/api/v1/organisations/users/champions/${org.id}?sort=raised`);
    expect(ranked.items.map((c) => [c.userId, cents(c.raised), c.donors, c.totalCampaigns])).toEqual([
      [champion.id, MANY, 3, 1],
      [quiet.id, 0, 0, 0],
    ]);
    expect(cents(ranked.items[0]?.raised ?? -1)).toBe(await raisedCents(campaigns.many));
    // The default order is still the oldest membership first, with the same figures.
    const joined = await data<ChampionsPage>(`/api/v1/organisations/users/champions/${org.id}`);
    expect(joined.items.find((c) => c.userId === champion.id)).toMatchObject({ raised: 300, donors: 3 });
    const orgPage = await page(`/organization/${org.url}`);
    expect(orgPage.status).toBe(200);
    const champions = orgPage.html.split('id="champions"')[1] ?? '';
    expect(champions).toMatch(/R\s?300\.00 raised from 3 donors/);
    expect(champions.indexOf('Thandi')).toBeLessThan(champions.indexOf('Quiet'));
  });

  it('a later refund moves the event total and the leaderboard at once (the cached page follows the ledger)', async () => {
    const gifts = await data<{ items: { id: string; campaignAmount: number }[] }>(
      `/api/v1/donations/list/campaign/${campaigns.many.url}?pageSize=10&pageNo=1`,
    );
    const fifty = gifts.items.find((g) => g.campaignAmount === 50);
    expect(fifty).toBeDefined();
    expect((await refund(fifty?.id ?? '', { reason: 'Wrong campaign.' })).status).toBe(201);
    expect(await raisedCents(campaigns.many)).toBe(MANY - 5_000);
    const res = await page(`/event/${event.slug}`);
    expect(res.html).toMatch(/data-testid="event-raised">R\s?700\.00</);
    // v still gave to the lead campaign: still four people (x and v on the lead, z and w on the other).
    expect(res.html).toMatch(/data-testid="event-donors">4 donors</);
    const ranked = await data<ChampionsPage>(`/api/v1/organisations/users/champions/${org.id}?sort=raised`);
    expect(ranked.items[0]).toMatchObject({ userId: champion.id, raised: 250, donors: 2 });
  });
});
