import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOrganisationView } from '~/components/organisation/organisationView';
import { OrgUserRole } from '~/lib/enums';
import { prepareServerTestEnv } from '../support/serverEnv';

// The public details as the page and the API read them, on rows written straight into the
// database: whatever wrote them, a hostile description or link is harmless when read.
const testEnv = prepareServerTestEnv();
const { closeDb, getDb } = await import('~/lib/server/db');
const { campaignSettings, campaigns, organisations, organisationSocials, organisationUsers, users } =
  await import('~/lib/server/db/schema');
const { getOrganisationPublicDetails } = await import('~/lib/server/organisations/publicDetails');
const { listChampions } = await import('~/lib/server/organisations/champions');
const { organisationListsOf } = await import('~/lib/server/organisations/parts');
const { organisationAddresses, organisationVideos } = await import('~/lib/server/db/schema');

const tag = randomUUID().slice(0, 8);
const url = `hostile-trust-${tag}`;
let organisationId: string;
let ownerId: string;
let championId: string;

beforeAll(async () => {
  const db = await getDb();
  const [org] = await db
    .insert(organisations)
    .values({
      legalName: 'Hostile Trust',
      url,
      briefDescription:
        '<p>We plant trees.</p><script>alert(1)</script><img src=x onerror="alert(2)">' +
        '<a href="javascript:alert(3)">report</a><iframe src="https://evil.example"></iframe>',
      website: 'javascript:alert(4)',
    })
    .returning({ id: organisations.id });
  if (!org) throw new Error('no organisation row');
  organisationId = org.id;
  await db.insert(organisationSocials).values([
    { organisationId, url: 'javascript:alert(5)', position: 0 },
    { organisationId, url: 'https://www.facebook.com/hostile', position: 1 },
  ]);
  const [owner, champion] = await db
    .insert(users)
    .values([
      { email: `owner-${tag}@example.test`, firstName: 'Olwethu', lastName: 'Owner', emailConfirmed: true },
      { email: `champ-${tag}@example.test`, firstName: 'Chipo', lastName: 'Champion', emailConfirmed: true },
    ])
    .returning({ id: users.id });
  if (!owner || !champion) throw new Error('no user rows');
  ownerId = owner.id;
  championId = champion.id;
  await db.insert(organisationUsers).values([
    { organisationId, userId: owner.id, role: OrgUserRole.Owner },
    { organisationId, userId: champion.id, role: OrgUserRole.Champion },
  ]);
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

describe('getOrganisationPublicDetails', () => {
  it('sanitises a description written without the API', async () => {
    const details = await getOrganisationPublicDetails(url);
    const html = details?.briefDescription ?? '';
    expect(html).toContain('<p>We plant trees.</p>');
    for (const bad of ['<script', 'alert(1)', 'onerror', 'javascript:', '<iframe', '<img']) {
      expect(html, bad).not.toContain(bad);
    }
  });

  it('names the first Owner and answers zero totals for an organisation without campaigns', async () => {
    const details = await getOrganisationPublicDetails(organisationId, 1);
    expect(details?.owner).toEqual({
      firstName: 'Olwethu',
      lastName: 'Owner',
      totalCampaigns: 0,
      image: null,
    });
    expect(details?.totalCampaigns).toBe(0);
    expect(details?.campaignTotals).toEqual({
      totalCampaigns: 0,
      payoutTotal: 0,
      totalCampaignsFundsReceived: 0,
      totalCampaignsFundsReceivedOffline: 0,
      totalCampaignsFundsAvailable: 0,
    });
  });

  it('finds nothing for unknown urls and ids', async () => {
    expect(await getOrganisationPublicDetails('no-such-trust')).toBeNull();
    expect(await getOrganisationPublicDetails(randomUUID(), 1)).toBeNull();
    expect(await getOrganisationPublicDetails(url, 1)).toBeNull();
  });
});

describe('the page view', () => {
  it('links only http(s) addresses', async () => {
    const details = await getOrganisationPublicDetails(url);
    if (!details) throw new Error('not found');
    const view = toOrganisationView(details);
    expect(view.website).toBeNull();
    expect(view.socials).toEqual([{ href: 'https://www.facebook.com/hostile', label: 'Facebook' }]);
    expect(view.href).toBe(`/organization/${url}`);
  });
});

describe("the page's Donate and registration numbers", () => {
  /** A published public campaign of a new organisation with the same Owner and champion. */
  async function campaignOf(organisation: string, runBy: string, name: string): Promise<string> {
    const db = await getDb();
    const [campaign] = await db
      .insert(campaigns)
      .values({
        ownerId: runBy,
        organisationId: organisation,
        name,
        story: '<p>Help.</p>',
        url: `${name}-${tag}`,
        shortUrl: `${name.slice(0, 4)}${tag}`,
        published: true,
        launchedAt: new Date(),
      })
      .returning({ id: campaigns.id, url: campaigns.url });
    if (!campaign) throw new Error('no campaign row');
    await db.insert(campaignSettings).values({ campaignId: campaign.id });
    return campaign.url;
  }

  async function organisationWith(numbers: { npoNumber?: string; pboNumber?: string }): Promise<string> {
    const db = await getDb();
    const [org] = await db
      .insert(organisations)
      .values({ legalName: 'Giving Trust', url: `giving-${randomUUID().slice(0, 8)}`, ...numbers })
      .returning({ id: organisations.id });
    if (!org) throw new Error('no organisation row');
    await db.insert(organisationUsers).values([
      { organisationId: org.id, userId: ownerId, role: OrgUserRole.Owner },
      { organisationId: org.id, userId: championId, role: OrgUserRole.Champion },
    ]);
    return org.id;
  }

  async function viewOf(id: string) {
    const details = await getOrganisationPublicDetails(id, 1);
    if (!details) throw new Error('not found');
    return toOrganisationView(details);
  }

  it('gives to the one campaign the organisation runs itself, not to a champion’s', async () => {
    const id = await organisationWith({ npoNumber: ' 123-456 NPO ', pboNumber: '930012345' });
    const own = await campaignOf(id, ownerId, 'own-fund');
    await campaignOf(id, championId, 'champion-run');
    const view = await viewOf(id);
    expect(view.donate).toEqual({ href: `/donation/${own}`, choose: false });
    expect(view.registrations).toEqual([
      { label: 'NPO number', value: '123-456 NPO' },
      { label: 'PBO number', value: '930012345' },
    ]);
  });

  it('sends the donor to the campaigns to choose from when the organisation runs several, or only champions do', async () => {
    const several = await organisationWith({});
    await campaignOf(several, ownerId, 'first-fund');
    await campaignOf(several, ownerId, 'second-fund');
    expect((await viewOf(several)).donate).toEqual({ href: '#campaigns', choose: true });
    const championsOnly = await organisationWith({});
    await campaignOf(championsOnly, championId, 'a-champion-run');
    const view = await viewOf(championsOnly);
    expect(view.donate).toEqual({ href: '#campaigns', choose: true });
    expect(view.registrations).toEqual([]);
  });

  it('offers no Donate when there is no public campaign to give to', async () => {
    expect((await viewOf(organisationId)).donate).toBeNull();
  });
});

describe("the organisation's lists in one query", () => {
  it('reads its addresses, videos and links, each in its order, whoever reads them', async () => {
    const db = await getDb();
    await db.insert(organisationAddresses).values([
      { organisationId, addressLine1: '2 Second Street', city: 'Soweto', position: 1 },
      { organisationId, addressLine1: '1 Main Road', city: 'Soweto', position: 0 },
    ]);
    await db.insert(organisationVideos).values({ organisationId, url: 'https://youtu.be/abc', position: 0 });
    const lists = await organisationListsOf(organisationId);
    expect(lists.addresses.map((a) => [a.addressLine1, a.position])).toEqual([
      ['1 Main Road', 0],
      ['2 Second Street', 1],
    ]);
    expect(lists.videos.map((v) => v.url)).toEqual(['https://youtu.be/abc']);
    expect(lists.socials.map((l) => l.url)).toEqual([
      'javascript:alert(5)',
      'https://www.facebook.com/hostile',
    ]);
    expect(lists.sectors).toEqual([]);
  });
});

describe('listChampions', () => {
  it('lists the champion, without the email for a visitor', async () => {
    const page = await listChampions(organisationId, null, { pageNo: 1, pageSize: 5 });
    expect(page.items).toEqual([
      {
        userId: expect.any(String),
        firstName: 'Chipo',
        lastName: 'Champion',
        image: null,
        totalCampaigns: 0,
        raised: 0,
        donors: 0,
        email: null,
      },
    ]);
    expect(page.paginationMetadata).toEqual({ totalCount: 1, pageCount: 1, pageNo: 1, pageSize: 5 });
  });
  it('ranks the same champions by what they raised', async () => {
    const page = await listChampions(organisationId, null, { pageNo: 1, pageSize: 5 }, 'raised');
    expect(page.items.map((c) => [c.firstName, c.raised, c.donors])).toEqual([['Chipo', 0, 0]]);
  });
});
