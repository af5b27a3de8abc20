import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOrganisationView } from '~/components/organisation/organisationView';
import { OrgUserRole } from '~/lib/enums';
import { prepareServerTestEnv } from '../support/serverEnv';

// The public details as the page and the API read them, on rows written straight into the
// database: whatever wrote them, a hostile description or link is harmless when read.
const testEnv = prepareServerTestEnv();
const { closeDb, getDb } = await import('~/lib/server/db');
const { organisations, organisationSocials, organisationUsers, users } = await import(
  '~/lib/server/db/schema'
);
const { getOrganisationPublicDetails } = await import('~/lib/server/organisations/publicDetails');
const { listChampions } = await import('~/lib/server/organisations/champions');

const tag = randomUUID().slice(0, 8);
const url = `hostile-trust-${tag}`;
let organisationId: string;

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
