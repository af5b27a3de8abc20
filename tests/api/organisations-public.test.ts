import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChampionsPage, OrganisationPublicDetails } from '~/lib/contracts/organisations';
import { CampaignStatus, Currency, PaymentGateway } from '~/lib/enums';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { DEMO_ORGANISATIONS, DEMO_USERS } from '~/lib/server/db/seed/demo-users';
import { send } from './support/accounts';
import { demoToken, launchedCampaign, publicDetail, uniqueWord } from './support/campaigns';
import { donated, donationBody } from './support/donations';
import { api, expectFailureEnvelope, expectSuccessEnvelope, page } from './support/http';
import {
  joinedMember,
  type RegisteredOrganisation,
  registerOrganisation,
} from './support/registeredOrganisation';

// GET organizations/short/{identifier}?idType= and GET /organisations/users/champions/{organizationId}:
// what anyone may read about an organisation (docs/api/organisations.md).

const SIYAKHULA = DEMO_ORGANISATIONS[0];
const KAROO = DEMO_ORGANISATIONS[1];
const PIETER = DEMO_USERS.find((u) => u.key === 'pieter');
/** The default USD_TO_ZAR_RATE of the server under test. */
const USD_TO_ZAR = 18;

const SPEC_FIELDS = [
  'id',
  'legalName',
  'briefDescription',
  'organizationAddresses',
  'videoUrls',
  'socialUrls',
  'organizationSectors',
  'totalCampaigns',
  'organizationType',
  'logo',
  'url',
  'orgOffilineDonationsTotal',
  'orgDonationsTotal',
  'owner',
  'isVerified',
  'website',
  'nonRandOrganization',
  'campaignTotals',
];

function details(identifier: string, query = '') {
  return api<OrganisationPublicDetails>(
    `/api/v1/organizations/short/${encodeURIComponent(identifier)}${query ? `?${query}` : ''}`,
  );
}

async function detailsOf(identifier: string, query = ''): Promise<OrganisationPublicDetails> {
  const res = await details(identifier, query);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expectSuccessEnvelope(res.body);
  return res.body.data;
}

function champions(organisationId: string, query = '', token?: string) {
  return send<ChampionsPage>(
    'GET',
    `/api/v1/organisations/users/champions/${encodeURIComponent(organisationId)}${query ? `?${query}` : ''}`,
    undefined,
    token,
  );
}

describe('GET organizations/short/{identifier}', () => {
  let siyakhula: OrganisationPublicDetails;

  beforeAll(async () => {
    siyakhula = await detailsOf(SIYAKHULA.url);
  });

  it('answers a visitor with the SPEC public details of the organisation at that url', () => {
    for (const field of SPEC_FIELDS) expect(siyakhula, field).toHaveProperty(field);
    expect(siyakhula).toMatchObject({
      legalName: SIYAKHULA.legalName,
      url: SIYAKHULA.url,
      isVerified: true,
      website: SIYAKHULA.website,
      nonRandOrganization: false,
      organizationType: { id: SIYAKHULA.typeId, name: expect.any(String) },
      owner: { firstName: 'Anele', lastName: 'Khumalo', totalCampaigns: expect.any(Number) },
    });
    expect(siyakhula.owner?.totalCampaigns).toBeGreaterThan(0);
    expect(siyakhula.organizationSectors.map((s) => s.id)).toEqual([...SIYAKHULA.sectorIds]);
    expect(siyakhula.organizationAddresses[0]).toMatchObject({ city: 'Soweto', province: 'Gauteng' });
    expect(siyakhula.briefDescription).toContain('Saturday classes');
    expect(siyakhula.logo?.url).toBeTruthy();
    // Nothing private: no contact details, banking or team.
    const text = JSON.stringify(siyakhula);
    expect(text).not.toContain(SIYAKHULA.email);
    expect(text).not.toContain('bankingDetail');
    expect(text).not.toContain('teamMembers');
  });

  it('counts its launched public campaigns, as the organisation-scoped campaign search lists them', async () => {
    const search = await api<{ paginationMetadata: { totalCount: number } }>(
      `/api/v1/campaigns/filter-campaigns/?organizationId=${siyakhula.id}`,
    );
    expect(search.status).toBe(200);
    const fresh = await detailsOf(SIYAKHULA.url);
    expect(fresh.totalCampaigns).toBe(search.body.data.paginationMetadata.totalCount);
    expect(fresh.campaignTotals.totalCampaigns).toBe(fresh.totalCampaigns);
  });

  it('totals in rand: offline money as its campaigns entered it, donations as accepted', () => {
    const offline = DEMO_CAMPAIGNS.filter((c) => c.organisation === 'siyakhula').reduce(
      (sum, c) => sum + ('offline' in c ? (c.offline ?? 0) : 0),
      0,
    );
    expect(offline).toBeGreaterThan(0);
    expect(siyakhula.orgOffilineDonationsTotal).toBe(offline);
    expect(siyakhula.campaignTotals.totalCampaignsFundsReceivedOffline).toBe(offline);
    expect(siyakhula.orgDonationsTotal).toBeGreaterThan(0);
    expect(siyakhula.campaignTotals.totalCampaignsFundsReceived).toBe(siyakhula.orgDonationsTotal);
    expect(siyakhula.campaignTotals.totalCampaignsFundsAvailable).toBeLessThanOrEqual(
      siyakhula.orgDonationsTotal,
    );
  });

  it('reads the identifier as the id with idType=1', async () => {
    const byId = await detailsOf(siyakhula.id, 'idType=1');
    expect(byId.id).toBe(siyakhula.id);
    expect(byId.legalName).toBe(SIYAKHULA.legalName);
    // idType 0 (the default) reads it as a url.
    expect((await details(siyakhula.id, 'idType=0')).status).toBe(404);
  });

  it('tells an unverified organisation apart', async () => {
    const karoo = await detailsOf(KAROO.url);
    expect(karoo.isVerified).toBe(false);
    expect(karoo.legalName).toBe(KAROO.legalName);
  });

  it.each([
    ['an unknown url', 'no-such-organisation-zq', ''],
    ['an unknown id', randomUUID(), 'idType=1'],
    ['text that is no id', 'not-a-uuid', 'idType=1'],
    ['a url read as an id', SIYAKHULA.url, 'idType=1'],
  ])('answers 404 for %s', async (_, identifier, query) => {
    const res = await details(identifier, query);
    expect(res.status).toBe(404);
    expectFailureEnvelope(res.body);
    expect(res.body.meta.message).toBe('Organisation not found.');
  });
});

describe('totals of an organisation with a dollar campaign', () => {
  let org: RegisteredOrganisation;
  let dollarUrl: string;

  beforeAll(async () => {
    org = await registerOrganisation(`Dollar Totals Trust ${uniqueWord('zusd')}`);
    const token = org.owner.accessToken;
    const dollar = await launchedCampaign(token, {
      organisation: org.id,
      currency: Currency.Dollar,
      offlineDonations: 100,
    });
    dollarUrl = dollar.url;
    await launchedCampaign(token, { organisation: org.id, offlineDonations: 50 });
  }, 60_000);

  it('converts the dollar campaign’s offline money to rand before adding it', async () => {
    const found = await detailsOf(org.url);
    expect(found.totalCampaigns).toBe(2);
    // US $ 100 is R 1 800; adding it as 100 would make 150.
    expect(found.orgOffilineDonationsTotal).toBe(100 * USD_TO_ZAR + 50);
    expect(found.campaignTotals.totalCampaignsFundsReceivedOffline).toBe(100 * USD_TO_ZAR + 50);
    expect(found.orgDonationsTotal).toBe(0);
  });

  it('converts the dollar campaign’s accepted donations to rand', async () => {
    const donation = await donated(
      donationBody({
        campaignUrl: dollarUrl,
        currencyId: Currency.Rand,
        amount: 360,
        tipOrAdminFeeAmount: 0,
        paymentMethod: PaymentGateway.EFT,
      }),
      await demoToken('fatima'),
    );
    const received = await send(
      'POST',
      `/api/v1/donations/${donation.id}/eft-received`,
      { amount: 360 },
      await demoToken('nomvula'),
    );
    expect(received.status, received.text).toBe(200);

    // The campaign counts it in its own currency: R 360 is US $ 20.
    const campaign = await publicDetail(dollarUrl);
    expect(campaign.body.data.donationsReceivedTotal).toBe(360 / USD_TO_ZAR);

    const found = await detailsOf(org.url);
    expect(found.orgDonationsTotal).toBe(360);
    expect(found.campaignTotals).toMatchObject({
      totalCampaigns: 2,
      payoutTotal: 0,
      totalCampaignsFundsReceived: 360,
      totalCampaignsFundsAvailable: 360,
      totalCampaignsFundsReceivedOffline: 1850,
    });
  });
});

describe('a hostile description', () => {
  let org: RegisteredOrganisation;

  beforeAll(async () => {
    org = await registerOrganisation(`Hostile Trust ${uniqueWord('zxss')}`, {
      briefDescription:
        '<p>We feed two hundred children every weekday in Qonce.</p>' +
        '<script>window.stolen = localStorage.userAuthToken</script>' +
        '<img src="x" onerror="alert(1)"><a href="javascript:alert(2)">our report</a>' +
        '<p style="position:fixed" onclick="alert(3)">Thank you</p>',
    });
  }, 30_000);

  it('is answered sanitised: its text stays, scripts, handlers and javascript: links go', async () => {
    const found = await detailsOf(org.url);
    const html = found.briefDescription ?? '';
    expect(html).toContain('We feed two hundred children every weekday in Qonce.');
    expect(html).toContain('Thank you');
    for (const bad of ['<script', 'stolen', 'onerror', 'javascript:', 'onclick', 'style=', '<img']) {
      expect(html, bad).not.toContain(bad);
    }
  });

  it('is harmless on the public page', async () => {
    const res = await page(`/organization/${org.url}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain('We feed two hundred children every weekday in Qonce.');
    for (const bad of ['window.stolen', 'onerror=', 'javascript:alert', 'onclick=', 'position:fixed']) {
      expect(res.html, bad).not.toContain(bad);
    }
  });
});

describe('GET /organisations/users/champions/{organizationId}', () => {
  let siyakhulaId: string;
  const pieterCampaigns = DEMO_CAMPAIGNS.filter(
    (c) =>
      c.owner === 'pieter' &&
      c.organisation === 'siyakhula' &&
      c.published &&
      c.status !== CampaignStatus.Hidden,
  ).length;

  beforeAll(async () => {
    siyakhulaId = (await detailsOf(SIYAKHULA.url)).id;
  });

  it('lists the champions to a visitor, 5 a page, with their campaigns for the organisation and no email', async () => {
    const res = await champions(siyakhulaId);
    expect(res.status).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.data.paginationMetadata).toEqual({ totalCount: 1, pageCount: 1, pageNo: 1, pageSize: 5 });
    expect(res.body.data.items).toEqual([
      {
        userId: expect.any(String),
        firstName: 'Pieter',
        lastName: 'van der Merwe',
        image: null,
        totalCampaigns: pieterCampaigns,
        raised: expect.any(Number),
        donors: expect.any(Number),
        email: null,
      },
    ]);
    expect(pieterCampaigns).toBeGreaterThan(0);
    // The demo's donations to his campaigns (tests/api/events.test.ts checks the figures against the ledger).
    expect(res.body.data.items[0]?.raised).toBeGreaterThan(0);
    expect(res.text).not.toContain(PIETER?.email);
  });

  it('pages: a page past the last is empty, the size is the one asked for', async () => {
    const second = await champions(siyakhulaId, 'pageNo=2');
    expect(second.status).toBe(200);
    expect(second.body.data.items).toEqual([]);
    expect(second.body.data.paginationMetadata).toEqual({
      totalCount: 1,
      pageCount: 1,
      pageNo: 2,
      pageSize: 5,
    });
    const small = await champions(siyakhulaId, 'pageSize=1');
    expect(small.body.data.items).toHaveLength(1);
    expect(small.body.data.paginationMetadata.pageSize).toBe(1);
  });

  it('shows the email to the organisation’s Owner and Admin only', async () => {
    const [owner, admin, champion, outsider] = await Promise.all(
      (['anele', 'kagiso', 'pieter', 'fatima'] as const).map(async (key) =>
        champions(siyakhulaId, '', await demoToken(key)),
      ),
    );
    expect(owner?.body.data.items[0]?.email).toBe(PIETER?.email);
    expect(admin?.body.data.items[0]?.email).toBe(PIETER?.email);
    expect(champion?.status).toBe(200);
    expect(champion?.body.data.items[0]?.email).toBeNull();
    expect(outsider?.body.data.items[0]?.email).toBeNull();
    // The owner of another organisation is an outsider here.
    const otherOwner = await champions(siyakhulaId, '', await demoToken('lerato'));
    expect(otherOwner.body.data.items[0]?.email).toBeNull();
  });

  it('answers an organisation without champions with an empty page', async () => {
    const fresh = await registerOrganisation(`No Champions Trust ${uniqueWord('znoch')}`);
    const res = await champions(fresh.id);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([]);
    expect(res.body.data.paginationMetadata.totalCount).toBe(0);
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['text that is no id', 'siyakhula'],
  ])('answers 404 for %s', async (_, id) => {
    const res = await champions(id);
    expect(res.status).toBe(404);
    expectFailureEnvelope(res.body);
    expect(res.body.meta.message).toBe('Organisation not found.');
  });
});

describe('champions of an organisation with more than a page of them', () => {
  let org: RegisteredOrganisation;
  const names = ['Ayanda', 'Bongani', 'Chipo', 'Dumisani', 'Esther', 'Fikile'];
  let editorToken: string;
  let firstChampionToken: string;

  beforeAll(async () => {
    org = await registerOrganisation(`Champions Trust ${uniqueWord('zchamp')}`);
    // One at a time: champions are listed oldest membership first.
    for (const name of names) {
      const account = await joinedMember(org, name);
      if (name === 'Ayanda') {
        firstChampionToken = account.accessToken;
        await launchedCampaign(account.accessToken, { organisation: org.id });
      }
    }
    editorToken = (await joinedMember(org, 'Editor', 2)).accessToken;
  }, 120_000);

  it('pages 5 at a time, oldest first, each champion once', async () => {
    const first = await champions(org.id);
    expect(first.status).toBe(200);
    expect(first.body.data.paginationMetadata).toEqual({
      totalCount: 6,
      pageCount: 2,
      pageNo: 1,
      pageSize: 5,
    });
    expect(first.body.data.items.map((c) => c.firstName)).toEqual(names.slice(0, 5));
    const second = await champions(org.id, 'pageNo=2');
    expect(second.body.data.items.map((c) => c.firstName)).toEqual(['Fikile']);
    expect(second.body.data.paginationMetadata).toMatchObject({ pageNo: 2, pageCount: 2 });
  });

  it('counts the launched campaigns each runs for the organisation; the Editor is no champion', async () => {
    const all = (await champions(org.id, 'pageSize=10')).body.data.items;
    expect(all.map((c) => [c.firstName, c.totalCampaigns])).toEqual(
      names.map((name) => [name, name === 'Ayanda' ? 1 : 0]),
    );
  });

  it('shows emails to the Owner only, not to an Editor or a Champion', async () => {
    const owner = (await champions(org.id, '', org.owner.accessToken)).body.data.items;
    expect(owner.every((c) => typeof c.email === 'string' && c.email.includes('@'))).toBe(true);
    for (const token of [editorToken, firstChampionToken]) {
      const res = await champions(org.id, '', token);
      expect(res.status).toBe(200);
      expect(res.body.data.items.map((c) => c.email)).toEqual([null, null, null, null, null]);
    }
  });

  it('shows the first 5 on the public page, and the 6th behind a Load more link that needs no JavaScript', async () => {
    const first = await page(`/organization/${org.url}`);
    expect(first.status).toBe(200);
    for (const name of names.slice(0, 5)) expect(first.html).toContain(`${name} Member`);
    expect(first.html).not.toContain('Fikile Member');
    const more = first.html.match(/<a\b[^>]*href="([^"]*)"[^>]*>\s*Load more champions\s*<\/a>/)?.[1] ?? '';
    const next = new URL(more.replace(/&amp;/g, '&'), 'http://x');
    expect(next.searchParams.get('championsPage')).toBe('2');
    const second = await page(`${next.pathname}${next.search}`);
    for (const name of names) expect(second.html).toContain(`${name} Member`);
    expect(second.html).not.toMatch(/>\s*Load more champions\s*</);
  });
});
