import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import {
  createCampaign,
  demoToken,
  launchedCampaign,
  patchCampaign,
  readyCampaign,
  type SavedCampaign,
  uniqueWord,
} from './support/campaigns';
import { api, expectFailureEnvelope, getData } from './support/http';

interface Card {
  id: string;
  name: string;
  url: string;
  status: number;
  published: boolean;
  totalRaised: number;
  raisedOnPlatform: number;
  donationTarget: number;
  category: { id: number; name: string };
  organisation: { id: string; legalName: string; url: string } | null;
}

interface CardPage {
  items: Card[];
  paginationMetadata: { totalCount: number; pageCount: number; pageNo: number; pageSize: number };
}

interface UserCampaigns {
  userCampaigns: CardPage;
  userCampaignTotals: { payoutTotal: number; targetTotal: number };
}

const search = (query: string) => getData<CardPage>(`/api/v1/campaigns/filter-campaigns/?${query}`);

let owner: SignedInAccount;
const word = uniqueWord('srch');
const city = `Qonce${uniqueWord('')}`;
let sport1: SavedCampaign;
let sport2: SavedCampaign;
let arts: SavedCampaign;

beforeAll(async () => {
  owner = await verifyAndLogin({ firstName: 'Sizwe', lastName: 'Search' });
  // One at a time, so "newest" has a known order.
  sport1 = await launchedCampaign(owner.accessToken, {
    name: `Rugby boots ${word} one`,
    campaignCategory: 6,
    donationTarget: 1000,
  });
  sport2 = await launchedCampaign(owner.accessToken, {
    name: `Netball kit ${word} two`,
    campaignCategory: 6,
    donationTarget: 2000,
    address: { city, province: 'Eastern Cape' },
  });
  arts = await launchedCampaign(owner.accessToken, {
    name: `Choir trip ${word} three`,
    campaignCategory: 9,
    donationTarget: 3000,
    endDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
  });
  // Never listed: a draft, a private one and a hidden one.
  await readyCampaign(owner.accessToken, { name: `Draft ${word}` });
  await launchedCampaign(owner.accessToken, { name: `Private ${word}`, visibility: 0 });
  const hidden = await launchedCampaign(owner.accessToken, { name: `Hidden ${word}` });
  expect((await patchCampaign(owner.accessToken, hidden.id, { hidden: true })).status).toBe(200);
});

describe('GET /campaigns/filter-campaigns/', () => {
  it('finds launched, public, visible campaigns by their words, newest first', async () => {
    const found = await search(`searchText=${word}`);
    expect(found.items.map((c) => c.id)).toEqual([arts.id, sport2.id, sport1.id]);
    expect(found.paginationMetadata).toEqual({ totalCount: 3, pageCount: 1, pageNo: 1, pageSize: 12 });
    expect(found.items.every((c) => c.published && c.status === 0)).toBe(true);
  });

  it('matches word prefixes and words of the story', async () => {
    expect((await search(`searchText=${word.slice(0, -3)}`)).paginationMetadata.totalCount).toBe(3);
    const both = await search(`searchText=${encodeURIComponent(`rugby ${word}`)}`);
    expect(both.items.map((c) => c.id)).toEqual([sport1.id]);
    const story = await search(`searchText=${encodeURIComponent(`Gqeberha ${word}`)}`);
    expect(story.paginationMetadata.totalCount).toBe(3);
    // Operators of to_tsquery are not syntax here.
    expect(
      (await search(`searchText=${encodeURIComponent(`${word} & | ! :* (`)}`)).paginationMetadata.totalCount,
    ).toBe(3);
  });

  it('pages with pageNo and pageSize, without repeats', async () => {
    const first = await search(`searchText=${word}&pageSize=2`);
    const second = await search(`searchText=${word}&pageSize=2&pageNo=2`);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(first.paginationMetadata).toEqual({ totalCount: 3, pageCount: 2, pageNo: 1, pageSize: 2 });
    expect(second.paginationMetadata.pageNo).toBe(2);
    const ids = [...first.items, ...second.items].map((c) => c.id);
    expect(new Set(ids).size).toBe(3);
    // Out-of-range page sizes are clamped; nonsense falls back to the defaults.
    expect((await search('pageSize=500')).paginationMetadata.pageSize).toBe(48);
    expect((await search('pageSize=zero&pageNo=-1')).paginationMetadata).toMatchObject({
      pageSize: 12,
      pageNo: 1,
    });
  });

  it('filters by categories (repeated or comma-joined) and by city or province', async () => {
    expect((await search(`searchText=${word}&campaignCategoryIds=9`)).items.map((c) => c.id)).toEqual([
      arts.id,
    ]);
    expect(
      (await search(`searchText=${word}&campaignCategoryIds=6&campaignCategoryIds=9`)).paginationMetadata
        .totalCount,
    ).toBe(3);
    expect((await search(`searchText=${word}&campaignCategoryIds=6,9`)).paginationMetadata.totalCount).toBe(
      3,
    );
    expect((await search(`address=${city.toLowerCase()}`)).items.map((c) => c.id)).toEqual([sport2.id]);
    expect((await search(`searchText=${word}&address=Eastern%20Cape`)).items.map((c) => c.id)).toEqual([
      sport2.id,
    ]);
    expect((await search(`address=${encodeURIComponent('%_')}`)).paginationMetadata.totalCount).toBe(0);
  });

  it('orders oldest first, by money raised, and by ending soonest', async () => {
    expect((await search(`searchText=${word}&orderBy=oldest`)).items.map((c) => c.id)).toEqual([
      sport1.id,
      sport2.id,
      arts.id,
    ]);
    expect((await search(`searchText=${word}&orderBy=endingSoon`)).items[0]?.id).toBe(arts.id);
    const raised = await search('topSupported=true&pageSize=10');
    const amounts = raised.items.map((c) => c.raisedOnPlatform);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    expect(amounts[0]).toBeGreaterThan(0);
    expect((await search('orderBy=sideways')).paginationMetadata.totalCount).toBeGreaterThan(0);
  });

  it('narrows to featured campaigns and to one organisation', async () => {
    const featured = await search('featured=true');
    expect(featured.items.map((c) => c.url)).toContain('help-lwazi-walk-again');
    expect(featured.items.map((c) => c.url)).not.toContain('rebuild-gogo-mthembus-home');
    const organisations = await getData<{ id: string; legalName: string }[]>('/api/v1/organizations/list');
    const karoo = organisations.find((o) => o.legalName === 'Karoo Animal Rescue NPC');
    const mine = await search(`organizationId=${karoo?.id}`);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((c) => c.organisation?.id === karoo?.id)).toBe(true);
  });

  it('shows expired and closed campaigns as such, never hidden or unlaunched ones', async () => {
    const statusOf = async (text: string, url: string) =>
      (await search(`searchText=${text}`)).items.find((c) => c.url === url)?.status;
    expect(await statusOf('Themba', 'in-loving-memory-of-themba-zulu')).toBe(3);
    expect(await statusOf('Ayanda%20nursing', 'help-ayanda-finish-nursing')).toBe(2);
    expect(await statusOf('Mamelodi', 'mamelodi-east-food-garden')).toBeUndefined();
    expect(await statusOf('Khayelitsha', 'khayelitsha-mobile-library')).toBeUndefined();
  });

  it('400 for an organisation id or categories that are not valid', async () => {
    const badOrganisation = await api('/api/v1/campaigns/filter-campaigns/?organizationId=42');
    expect(badOrganisation.status).toBe(400);
    expectFailureEnvelope(badOrganisation.body);
    expect(badOrganisation.body.data).toEqual({ organizationId: ['organizationId must be a valid id.'] });
    const badCategory = await api('/api/v1/campaigns/filter-campaigns/?campaignCategoryIds=music');
    expect(badCategory.body.data).toEqual({
      campaignCategoryIds: ['Please choose categories from the list.'],
    });
    const long = await api(`/api/v1/campaigns/filter-campaigns/?searchText=${'a'.repeat(101)}`);
    expect(long.body.data).toEqual({ searchText: ['Search text must be at most 100 characters.'] });
  });
});

describe('GET /campaigns/user-campaigns', () => {
  it("pages the user's campaigns (drafts included), newest first, with totals over all of them", async () => {
    const user = await verifyAndLogin({ firstName: 'Mine', lastName: 'Only' });
    const a = await launchedCampaign(user.accessToken, { donationTarget: 1000 });
    const b = await readyCampaign(user.accessToken, { donationTarget: 2500.5 });
    const c = (await createCampaign(user.accessToken, { name: 'Just a name' })).body.data;
    const first = await send<UserCampaigns>(
      'GET',
      '/api/v1/campaigns/user-campaigns?pageSize=2&pageNo=1',
      undefined,
      user.accessToken,
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.userCampaigns.items.map((x) => x.id)).toEqual([c.id, b.id]);
    expect(first.body.data.userCampaigns.paginationMetadata).toEqual({
      totalCount: 3,
      pageCount: 2,
      pageNo: 1,
      pageSize: 2,
    });
    expect(first.body.data.userCampaignTotals).toEqual({ payoutTotal: 0, targetTotal: 3500.5 });
    const second = await send<UserCampaigns>(
      'GET',
      '/api/v1/campaigns/user-campaigns?pageSize=2&pageNo=2',
      undefined,
      user.accessToken,
    );
    expect(second.body.data.userCampaigns.items.map((x) => x.id)).toEqual([a.id]);
    const defaults = await send<UserCampaigns>(
      'GET',
      '/api/v1/campaigns/user-campaigns',
      undefined,
      user.accessToken,
    );
    expect(defaults.body.data.userCampaigns.paginationMetadata.pageSize).toBe(5);
    expect((await send('GET', '/api/v1/campaigns/user-campaigns')).status).toBe(401);

    // The totals are in rand: a US $ 100 target counts at the default USD_TO_ZAR_RATE of 18.
    await createCampaign(user.accessToken, { name: 'In dollars', currency: '2', donationTarget: 100 });
    const withDollars = await send<UserCampaigns>(
      'GET',
      '/api/v1/campaigns/user-campaigns',
      undefined,
      user.accessToken,
    );
    expect(withDollars.body.data.userCampaignTotals).toEqual({ payoutTotal: 0, targetTotal: 3500.5 + 1800 });
  });

  it("includes an organisation's campaigns for its Owner and Admin, and only their own for a Champion", async () => {
    const [anele, kagiso, pieter, sipho] = await Promise.all([
      demoToken('anele'),
      demoToken('kagiso'),
      demoToken('pieter'),
      demoToken('sipho'),
    ]);
    const list = async (token: string) =>
      (await send<UserCampaigns>('GET', '/api/v1/campaigns/user-campaigns?pageSize=50', undefined, token))
        .body.data;
    const aneles = (await list(anele)).userCampaigns.items.map((c) => c.url);
    const kagisos = (await list(kagiso)).userCampaigns.items.map((c) => c.url);
    const pieters = (await list(pieter)).userCampaigns.items.map((c) => c.url);
    for (const url of ['siyakhula-saturday-school', 'pieter-rides-the-cycle-tour']) {
      expect(aneles).toContain(url);
      expect(kagisos).toContain(url);
    }
    expect(pieters).toContain('pieter-rides-the-cycle-tour');
    expect(pieters).not.toContain('siyakhula-saturday-school');

    const siphos = await list(sipho);
    expect(siphos.userCampaigns.items.map((c) => c.url)).toContain('in-loving-memory-of-themba-zulu');
    expect(siphos.userCampaignTotals.payoutTotal).toBeGreaterThan(0);
    expect(siphos.userCampaignTotals.targetTotal).toBeGreaterThan(0);
  });
});
