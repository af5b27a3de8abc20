import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DonationStatus, IdType, OrgUserRole } from '~/lib/enums';
import { prepareServerTestEnv } from '../support/serverEnv';

// The database statements behind each public page, counted by the database layer in the page's
// request scope. A page must cost the same number of queries whether its campaign has one donation,
// update or image or thirty (no query per row), and no more than the bounds below.
const testEnv = prepareServerTestEnv();
vi.stubEnv('SEED_DEMO', 'true');
const { closeDb, getDb } = await import('~/lib/server/db');
const schema = await import('~/lib/server/db/schema');
const { newRequestScope, runInRequestScope } = await import('~/lib/server/platform/requestScope');
const { loadCampaignPage } = await import('~/components/campaign/campaignPageData');
const { loadOrganisationPage } = await import('~/components/organisation/organisationPageData');
const { loadSearchPages } = await import('~/components/campaign/findCampaignData');
const { listFeaturedCampaigns } = await import('~/lib/server/campaigns/cards');
const { getPublicCampaignDetail } = await import('~/lib/server/campaigns/details');

// The organisation page: the organisation with its lists, its owner, its totals, the campaign
// search's two, the champions, and its share card's picture (the first campaign image, without a logo).
const BOUNDS = { campaignPage: 6, donationPage: 3, organisationPage: 8, home: 2, searchPage: 2 };

async function queriesOf(work: () => Promise<unknown>): Promise<number> {
  const scope = newRequestScope();
  const result = await runInRequestScope(scope, work);
  expect(result).toBeTruthy();
  return scope.queries;
}

type Db = Awaited<ReturnType<typeof getDb>>;
interface Fixture {
  campaignUrl: string;
  organisationUrl: string;
}

/**
 * An organisation with `n` champions, campaigns, sectors, addresses, videos and social links, and a
 * type; its first campaign has `n` of everything a page lists.
 */
async function makeFixture(db: Db, n: number): Promise<Fixture> {
  const tag = `${n}-${randomUUID().slice(0, 8)}`;
  const people = await db
    .insert(schema.users)
    .values(
      Array.from({ length: n + 1 }, (_, i) => ({
        email: `person-${i}-${tag}@example.test`,
        firstName: `Person${i}`,
        lastName: 'Fixture',
        emailConfirmed: true,
      })),
    )
    .returning({ id: schema.users.id });
  const [owner, ...champions] = people.map((p) => p.id);
  if (!owner) throw new Error('no owner');
  const [organisation] = await db
    .insert(schema.organisations)
    .values({
      legalName: `Fixture Trust ${tag}`,
      url: `fixture-trust-${tag}`,
      briefDescription: '<p>Trees.</p>',
      organisationTypeId: 1,
      npoNumber: '123-456 NPO',
      pboNumber: '930012345',
    })
    .returning({ id: schema.organisations.id, url: schema.organisations.url });
  if (!organisation) throw new Error('no organisation');
  const organisationId = organisation.id;
  const positions = Array.from({ length: n }, (_, position) => position);
  await db
    .insert(schema.organisationSectors)
    .values(positions.slice(0, 20).map((i) => ({ organisationId, sectorId: i + 1 })));
  await db
    .insert(schema.organisationAddresses)
    .values(
      positions.map((position) => ({ organisationId, addressLine1: `${position} Main Road`, position })),
    );
  await db
    .insert(schema.organisationVideos)
    .values(
      positions.map((position) => ({ organisationId, url: `https://youtu.be/org${position}`, position })),
    );
  await db.insert(schema.organisationSocials).values(
    positions.map((position) => ({
      organisationId,
      url: `https://www.facebook.com/org${position}`,
      position,
    })),
  );
  await db
    .insert(schema.organisationUsers)
    .values([
      { organisationId: organisation.id, userId: owner, role: OrgUserRole.Owner },
      ...champions.map((userId) => ({ organisationId: organisation.id, userId, role: OrgUserRole.Champion })),
    ]);
  const campaignRows = await db
    .insert(schema.campaigns)
    .values(
      Array.from({ length: n }, (_, i) => ({
        ownerId: owner,
        organisationId: organisation.id,
        name: `Fixture campaign ${i} ${tag}`,
        story: '<p>Help us.</p>',
        url: `fixture-${i}-${tag}`,
        shortUrl: `f${i}-${tag}`,
        published: true,
        launchedAt: new Date(),
      })),
    )
    .returning({ id: schema.campaigns.id, url: schema.campaigns.url });
  await db.insert(schema.campaignSettings).values(campaignRows.map((c) => ({ campaignId: c.id })));
  const [first] = campaignRows;
  if (!first) throw new Error('no campaign');
  const campaignId = first.id;
  const files = await db
    .insert(schema.storedFiles)
    .values(
      Array.from({ length: n }, (_, i) => ({
        storageKey: `fixture/${tag}/${i}.webp`,
        url: `/demo/${tag}-${i}.webp`,
        originalName: `${i}.webp`,
        mimeType: 'image/webp',
        size: 100,
      })),
    )
    .returning({ id: schema.storedFiles.id });
  await db
    .insert(schema.campaignImages)
    .values(files.map((f, position) => ({ campaignId, fileId: f.id, position })));
  await db.insert(schema.campaignVideos).values(
    Array.from({ length: n }, (_, position) => ({
      campaignId,
      url: `https://www.youtube.com/watch?v=abc${position}`,
      position,
    })),
  );
  await db.insert(schema.campaignSocials).values(
    Array.from({ length: n }, (_, position) => ({
      campaignId,
      url: `https://www.facebook.com/fixture${position}`,
      position,
    })),
  );
  await db.insert(schema.donations).values(
    Array.from({ length: n }, (_, i) => ({
      campaignId,
      amount: 5000 + i * 100,
      campaignAmount: 5000 + i * 100,
      status: DonationStatus.Accepted,
      firstName: `Donor${i}`,
      lastName: 'Fixture',
      email: `donor-${i}-${tag}@example.test`,
      reference: `fixture-${i}-${tag}`,
    })),
  );
  const updates = await db
    .insert(schema.campaignUpdates)
    .values(
      Array.from({ length: n }, (_, i) => ({ campaignId, userId: owner, description: `<p>News ${i}</p>` })),
    )
    .returning({ id: schema.campaignUpdates.id });
  await db.insert(schema.campaignUpdateMedia).values(
    updates.map((u, i) => ({
      campaignUpdateId: u.id,
      kind: 'video' as const,
      url: `https://www.youtube.com/watch?v=upd${i}`,
    })),
  );
  await db.insert(schema.teamMembers).values(
    champions.map((userId, i) => ({
      campaignId,
      userId,
      firstName: `Person${i}`,
      lastName: 'Fixture',
      email: `person-${i}-${tag}@example.test`,
      userRole: OrgUserRole.Editor,
    })),
  );
  return { campaignUrl: first.url, organisationUrl: organisation.url };
}

let homeWithDemoData = 0;
let searchWithDemoData = 0;
let one: Fixture;
let thirty: Fixture;
const search = {
  searchText: '',
  address: '',
  campaignCategoryIds: [],
  event: '',
  orderBy: 'newest',
} as const;

beforeAll(async () => {
  const db = await getDb();
  homeWithDemoData = await queriesOf(() => listFeaturedCampaigns());
  searchWithDemoData = await queriesOf(() => loadSearchPages({ ...search, campaignCategoryIds: [] }, 1));
  one = await makeFixture(db, 1);
  thirty = await makeFixture(db, 30);
}, 120_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

const pageUrl = (path: string): URL => new URL(`http://localhost${path}`);

describe('queries per page', () => {
  it('campaign page: the same few queries for 1 and for 30 donations, updates, images and videos', async () => {
    const small = await queriesOf(() => loadCampaignPage(one.campaignUrl, null, pageUrl('/campaign/x')));
    const large = await queriesOf(() => loadCampaignPage(thirty.campaignUrl, null, pageUrl('/campaign/x')));
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(BOUNDS.campaignPage);
  });

  it('donation page: the public detail costs the same for 1 and for 30 donations', async () => {
    const detail = (url: string) => () => getPublicCampaignDetail(url, IdType.ByPath, null);
    const small = await queriesOf(detail(one.campaignUrl));
    const large = await queriesOf(detail(thirty.campaignUrl));
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(BOUNDS.donationPage);
  });

  it('organisation page: the same for 1 and for 30 campaigns, champions, addresses, videos and links', async () => {
    const page =
      (url: string, query = '') =>
      () =>
        loadOrganisationPage(url, pageUrl(`/organization/${url}${query}`));
    const small = await queriesOf(page(one.organisationUrl));
    const large = await queriesOf(page(thirty.organisationUrl));
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(BOUNDS.organisationPage);
    // A no-JavaScript 'Load more champions' link reads the champions up to its page at once.
    expect(await queriesOf(page(thirty.organisationUrl, '?championsPage=3'))).toBe(large);
  });

  it('home: the featured campaigns in a bounded number of queries, however many campaigns there are', async () => {
    const queries = await queriesOf(() => listFeaturedCampaigns());
    expect(queries).toBe(homeWithDemoData);
    expect(queries).toBeLessThanOrEqual(BOUNDS.home);
  });

  it('find-campaign: a page of results costs the same however many campaigns match', async () => {
    const firstPage = await queriesOf(() => loadSearchPages({ ...search, campaignCategoryIds: [] }, 1));
    expect(firstPage).toBe(searchWithDemoData);
    expect(firstPage).toBeLessThanOrEqual(BOUNDS.searchPage);
    // A no-JavaScript 'Load more' link reads pages 1 to n: n times a page, nothing per row.
    const threePages = await queriesOf(() => loadSearchPages({ ...search, campaignCategoryIds: [] }, 3));
    expect(threePages).toBe(3 * firstPage);
  });
});
