import { readFileSync } from 'node:fs';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BLUETICK_FUNDING_TYPE, CAMPAIGN_CATEGORY_NAMES, CampaignStatus, OrgUserRole } from '~/lib/enums';

// The database module reads DATABASE_URL when first imported, so set it first and import lazily.
vi.stubEnv('DATABASE_URL', 'memory://');
vi.stubEnv('SEED_DEMO', 'true');
const { closeDb, getDb } = await import('~/lib/server/db');
const schema = await import('~/lib/server/db/schema');
const { seedDatabase } = await import('~/lib/server/db/seed');
const { listCampaignCategories, listCurrencies, listBanks, listOrganisationsMinimal } = await import(
  '~/lib/server/platform/lookups'
);
const { listFeaturedCampaigns, raisedCentsSql } = await import('~/lib/server/campaigns/cards');
const { getCurrentBanner, sanitizeBannerHtml } = await import('~/lib/server/platform/banner');
const images = await import('~/lib/server/db/seed/demo-images');
const { listAdminQueues } = await import('~/lib/server/admin/queues');
const { openStoredFile } = await import('~/lib/server/platform/files');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;

async function rowCounts(): Promise<Record<string, number>> {
  const tables = {
    users: schema.users,
    organisations: schema.organisations,
    campaigns: schema.campaigns,
    donations: schema.donations,
    banks: schema.banks,
    subCategories: schema.campaignSubCategories,
    events: schema.events,
    banners: schema.banners,
    files: schema.storedFiles,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

beforeAll(async () => {
  db = await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
});

describe('lookups', () => {
  it('has categories 0–16 with the SPEC names, each with sub-categories', async () => {
    const categories = await listCampaignCategories();
    expect(categories.map((c) => c.id)).toEqual([...Array(17).keys()]);
    expect(categories.map((c) => c.name)).toEqual(Object.values(CAMPAIGN_CATEGORY_NAMES));
    expect(categories[1]?.name).toBe('Organisation/Charity/NPO/PBO');
    for (const category of categories) expect(category.subCategories.length).toBeGreaterThan(0);
  });

  it('has both currencies exactly', async () => {
    expect(await listCurrencies()).toEqual([
      { id: 1, name: 'Rand', ticker: 'ZAR', symbol: 'R', locale: 'en-ZA' },
      { id: 2, name: 'US Dollar', ticker: 'USD', symbol: '$', locale: 'en-US' },
    ]);
  });

  it('has the 57 banks and counts only launched public campaigns per organisation', async () => {
    expect(await listBanks()).toHaveLength(57);
    const organisations = await listOrganisationsMinimal();
    expect(organisations.map((o) => o.legalName)).toEqual([
      'Karoo Animal Rescue NPC',
      'Siyakhula Education Trust',
    ]);
    expect(organisations.map((o) => o.totalCampaigns)).toEqual([3, 4]);
  });
});

describe('seedDatabase', () => {
  it('changes no counts when run again', async () => {
    const before = await rowCounts();
    await seedDatabase(db, { demo: true });
    expect(await rowCounts()).toEqual(before);
  });

  it('moves identity sequences past the seeded ids', async () => {
    const [row] = await db.insert(schema.sectors).values({ name: 'Test sector' }).returning();
    expect(row?.id).toBe(25);
    await db.delete(schema.sectors).where(eq(schema.sectors.id, 25));
  });
});

describe('demo content', () => {
  it('has at least 12 campaigns covering the four campaign types', async () => {
    const rows = await db
      .select({
        fundingType: schema.campaigns.fundingType,
        organisationId: schema.campaigns.organisationId,
        role: schema.organisationUsers.role,
      })
      .from(schema.campaigns)
      .leftJoin(
        schema.organisationUsers,
        sql`${schema.organisationUsers.organisationId} = ${schema.campaigns.organisationId}
          and ${schema.organisationUsers.userId} = ${schema.campaigns.ownerId}`,
      );
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const types = new Set(
      rows.map((r) => {
        if (!r.organisationId) return r.fundingType === BLUETICK_FUNDING_TYPE ? 'bluetick' : 'independent';
        return r.role === OrgUserRole.Champion ? 'champion' : 'organisation';
      }),
    );
    expect([...types].sort()).toEqual(['bluetick', 'champion', 'independent', 'organisation']);
    const orgOwners = rows.filter((r) => r.organisationId && r.role !== OrgUserRole.Champion);
    for (const r of orgOwners) expect([OrgUserRole.Owner, OrgUserRole.Admin]).toContain(r.role);
  });

  it('has every status and an unpublished draft', async () => {
    const rows = await db
      .select({ status: schema.campaigns.status, published: schema.campaigns.published })
      .from(schema.campaigns);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(Object.values(CampaignStatus)));
    expect(rows.some((r) => !r.published)).toBe(true);
  });

  it('has accepted donations in both currencies, some anonymous', async () => {
    const rows = await db
      .select({ currencyId: schema.donations.currencyId, anonymous: schema.donations.anonymous })
      .from(schema.donations)
      .where(eq(schema.donations.status, 1));
    expect(new Set(rows.map((r) => r.currencyId))).toEqual(new Set([1, 2]));
    expect(rows.some((r) => r.anonymous)).toBe(true);
  });

  it('ships the demo images the seed refers to', () => {
    for (const image of images.DEMO_IMAGES) {
      const onDisk = readFileSync(`public/demo/${image.file}`, 'utf8');
      expect(onDisk, image.file).toBe(images.renderDemoImage(image));
    }
    for (const logo of images.DEMO_LOGOS) {
      expect(readFileSync(`public/demo/${logo.file}`, 'utf8')).toBe(images.renderDemoLogo(logo));
    }
  });

  it('shows a visible banner with sanitised HTML', async () => {
    const banner = await getCurrentBanner();
    expect(banner?.isVisible).toBe(true);
    expect(banner?.message).toContain('<strong>');
    expect(banner?.message).toContain('rel="noopener noreferrer"');
  });
});

describe('listFeaturedCampaigns', () => {
  it('returns exactly 3 active, published, featured campaigns with correct totals', async () => {
    const cards = await listFeaturedCampaigns();
    expect(cards).toHaveLength(3);
    const ids = cards.map((c) => c.id);
    const expected = await db
      .select({
        id: schema.campaigns.id,
        featured: schema.campaigns.featured,
        offline: schema.campaigns.offlineDonations,
        raised: sql<number>`(select coalesce(sum(amount), 0) from donations d
          where d.campaign_id = "campaigns"."id" and d.status = 1)`.mapWith(Number),
      })
      .from(schema.campaigns)
      .where(inArray(schema.campaigns.id, ids));
    for (const card of cards) {
      const row = expected.find((r) => r.id === card.id);
      expect(row?.featured).toBe(true);
      expect(card.status).toBe(CampaignStatus.Active);
      expect(card.published).toBe(true);
      expect(card.raisedOnPlatform).toBe((row?.raised ?? 0) / 100);
      expect(card.raisedOffline).toBe((row?.offline ?? 0) / 100);
      expect(card.totalRaised).toBe(((row?.raised ?? 0) + (row?.offline ?? 0)) / 100);
      expect(card.image?.url).toMatch(/^\/demo\/.+\.svg$/);
      expect(card.currency.ticker).toBe('ZAR');
    }
  });

  it('sums raised amounts in a query without joins too', async () => {
    const rows = await db
      .select({ url: schema.campaigns.url, raised: raisedCentsSql })
      .from(schema.campaigns)
      .where(eq(schema.campaigns.url, 'help-lwazi-walk-again'));
    const card = (await listFeaturedCampaigns()).find((c) => c.url === 'help-lwazi-walk-again');
    expect(rows[0]?.raised).toBeGreaterThan(0);
    expect((rows[0]?.raised ?? 0) / 100).toBe(card?.raisedOnPlatform);
  });

  it('ignores pending and rejected donations', async () => {
    const cards = await listFeaturedCampaigns();
    const lwazi = cards.find((c) => c.url === 'help-lwazi-walk-again');
    const [all] = await db
      .select({ cents: sql<number>`sum(${schema.donations.amount})`.mapWith(Number) })
      .from(schema.donations)
      .innerJoin(schema.campaigns, eq(schema.campaigns.id, schema.donations.campaignId))
      .where(eq(schema.campaigns.url, 'help-lwazi-walk-again'));
    expect(lwazi).toBeDefined();
    expect(lwazi?.raisedOnPlatform).toBeLessThan((all?.cents ?? 0) / 100);
  });
});

describe('the back office of the demo', () => {
  it('has something waiting in every queue, and an accepted payout waiting to be paid', async () => {
    const queues = await listAdminQueues({ pageNo: 1, pageSize: 50 });
    const titles = (key: keyof typeof queues) => queues[key].items.map((i) => i.title).join(' | ');
    expect(titles('campaignVerifications')).toContain('Langa Lions');
    expect(titles('organisationVerifications')).toContain('Karoo Animal Rescue');
    expect(queues.bankingDetails.paginationMetadata.totalCount).toBeGreaterThanOrEqual(2);
    expect(queues.eftDonations.paginationMetadata.totalCount).toBeGreaterThanOrEqual(1);
    expect(new Set(queues.payouts.items.map((i) => i.status))).toEqual(new Set([0, 1]));
  });

  it('keeps the verification documents private to their owner and staff', async () => {
    const [karoo] = await db
      .select({ file: schema.storedFiles })
      .from(schema.organisationVerifications)
      .innerJoin(
        schema.storedFiles,
        eq(schema.storedFiles.id, schema.organisationVerifications.legalDocumentFileId),
      );
    expect(karoo?.file.isPrivate).toBe(true);
    const key = karoo?.file.storageKey ?? '';
    const admin = { id: 'someone', role: 'admin' } as Parameters<typeof openStoredFile>[1];
    const opened = await openStoredFile(key, admin);
    expect((await new Response(opened?.body).text()).slice(0, 5)).toBe('%PDF-');
    expect(await openStoredFile(key, null)).toBeNull();
  });
});

describe('sanitizeBannerHtml', () => {
  it('keeps inline formatting and safe links, and drops everything else', () => {
    const html = sanitizeBannerHtml(
      '<p onclick="x()"><b>Hi</b> <img src=x onerror=alert(1)><script>alert(1)</script>' +
        '<a href="javascript:alert(1)">bad</a> <a href="https://example.org" target="_self">good</a></p>',
    );
    expect(html).toBe(
      '<p><b>Hi</b> <a rel="noopener noreferrer" target="_blank">bad</a> ' +
        '<a href="https://example.org" target="_blank" rel="noopener noreferrer">good</a></p>',
    );
  });
});
