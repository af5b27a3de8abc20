import { describe, expect, it } from 'vitest';
import { api, expectSuccessEnvelope, getData } from './support/http';

// SPEC §3, "Campaign category 0-16", in order.
const CATEGORY_NAMES = [
  'Uncategorised',
  'Organisation/Charity/NPO/PBO',
  'Health/Medical/Cosmetic/Dental',
  'In Loving Memory Of',
  'Fire/Drought/Disaster Support',
  'Education and Training',
  'Sport',
  'Social Welfare/Community Development Support',
  'Youth',
  'Arts and Culture',
  'Nature Conservation',
  'Animal Welfare/Outreach',
  'Vehicle',
  'Home',
  'Business/App',
  'Legal',
  'Other',
];

interface Named {
  id: number;
  name: string;
}
interface SubCategory extends Named {
  campaignCategoryId: number;
}
interface Category extends Named {
  subCategories: SubCategory[];
}

function expectNamedList(items: unknown, what: string): asserts items is Named[] {
  expect(Array.isArray(items), `${what} is a list`).toBe(true);
  const list = items as Named[];
  expect(list.length, `${what} is not empty`).toBeGreaterThan(0);
  for (const item of list) {
    expect(item.id, `${what} id`).toBeTypeOf('number');
    expect(item.name, `${what} name`).toBeTypeOf('string');
    expect(item.name.trim().length, `${what} name is not blank`).toBeGreaterThan(0);
  }
  expect(new Set(list.map((i) => i.id)).size, `${what} ids are unique`).toBe(list.length);
}

describe('campaign categories', () => {
  it('lists the 17 categories of SPEC §3 with ids 0–16, in order, each with its sub-categories', async () => {
    const categories = await getData<Category[]>('/api/v1/campaigns/categories/');
    expect(categories.map((c) => c.id)).toEqual([...Array(17).keys()]);
    expect(categories.map((c) => c.name)).toEqual(CATEGORY_NAMES);
    for (const category of categories) {
      expect(Array.isArray(category.subCategories), `${category.name}.subCategories`).toBe(true);
      for (const sub of category.subCategories) {
        expect(sub).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
        expect(sub.campaignCategoryId).toBe(category.id);
      }
    }
  });

  it('lists every sub-category with the category it belongs to', async () => {
    const categories = await getData<Category[]>('/api/v1/campaigns/categories');
    const all = await getData<SubCategory[]>('/api/v1/campaigns/sub-categories/');
    expect(Array.isArray(all)).toBe(true);
    const nested = categories.flatMap((c) => c.subCategories);
    expect(all.map((s) => s.id).sort((a, b) => a - b)).toEqual(nested.map((s) => s.id).sort((a, b) => a - b));
    for (const sub of all) {
      expect(categories.map((c) => c.id)).toContain(sub.campaignCategoryId);
    }
  });

  it('narrows sub-categories to one category with ?campaignCategoryId=', async () => {
    const categories = await getData<Category[]>('/api/v1/campaigns/categories/');
    const withSubs = categories.find((c) => c.subCategories.length > 0);
    expect(withSubs, 'at least one category has sub-categories').toBeDefined();
    if (!withSubs) return;
    const narrowed = await getData<SubCategory[]>(
      `/api/v1/campaigns/sub-categories/?campaignCategoryId=${withSubs.id}`,
    );
    expect(narrowed.map((s) => s.id).sort()).toEqual(withSubs.subCategories.map((s) => s.id).sort());
    expect(narrowed.every((s) => s.campaignCategoryId === withSubs.id)).toBe(true);

    const all = await getData<SubCategory[]>('/api/v1/campaigns/sub-categories');
    expect(narrowed.length).toBeLessThan(all.length);
  });
});

describe('events and close reasons', () => {
  it('lists events with their dates and location', async () => {
    const events = await getData<Record<string, unknown>[]>('/api/v1/events/');
    expect(Array.isArray(events)).toBe(true);
    for (const event of events) {
      expect(Object.keys(event)).toEqual(
        expect.arrayContaining(['id', 'name', 'description', 'startDate', 'endDate', 'location']),
      );
    }
  });

  it('lists the reasons a campaign can be closed for', async () => {
    expectNamedList(await getData('/api/v1/campaigns/close-reasons'), 'close reason');
  });
});

describe('banking lookups', () => {
  it('lists the 57 Paysoft banks with id, name and paysoftMapping', async () => {
    const banks = await getData<(Named & { paysoftMapping: unknown })[]>('/api/v1/paysoft/banks');
    expectNamedList(banks, 'bank');
    expect(banks).toHaveLength(57);
    for (const bank of banks) expect(bank).toHaveProperty('paysoftMapping');
    expect(new Set(banks.map((b) => b.name)).size, 'bank names are unique').toBe(57);
  });

  it('lists the account types Savings 0, Cheque 1, Business 2', async () => {
    const types = await getData<(Named & { paysoftMapping: unknown })[]>('/api/v1/account-types/');
    expect(types.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 0, name: 'Savings' },
      { id: 1, name: 'Cheque' },
      { id: 2, name: 'Business' },
    ]);
    for (const type of types) expect(type).toHaveProperty('paysoftMapping');
  });

  it('lists exactly the rand and the US dollar', async () => {
    expect(await getData('/api/v1/currencies')).toEqual([
      { id: 1, name: 'Rand', ticker: 'ZAR', symbol: 'R', locale: 'en-ZA' },
      { id: 2, name: 'US Dollar', ticker: 'USD', symbol: '$', locale: 'en-US' },
    ]);
  });
});

describe('organisation lookups', () => {
  it.each([
    ['sectors', '/api/v1/organizations/sector/'],
    ['types', '/api/v1/organizations/type/'],
    ['positions', '/api/v1/organizations/position/'],
  ])('lists organisation %s as id and name', async (what, path) => {
    const items = await getData<Named[]>(path);
    expectNamedList(items, what);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
  });

  it('lists organisations in their minimal form: id, legalName, totalCampaigns', async () => {
    const organisations = await getData<Record<string, unknown>[]>('/api/v1/organizations/list/');
    expect(Array.isArray(organisations)).toBe(true);
    expect(organisations.length, 'the demo content has organisations').toBeGreaterThan(0);
    for (const organisation of organisations) {
      expect(Object.keys(organisation).sort()).toEqual(['id', 'legalName', 'totalCampaigns']);
      expect(organisation.legalName).toBeTypeOf('string');
      expect(organisation.totalCampaigns).toBeTypeOf('number');
      expect(organisation.totalCampaigns as number).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('site banner', () => {
  it('answers the banner with id, message, domain and isVisible, without script', async () => {
    const banner = await getData<Record<string, unknown>>('/api/v1/banner');
    expect(Object.keys(banner)).toEqual(expect.arrayContaining(['id', 'message', 'domain', 'isVisible']));
    expect(banner.isVisible).toBeTypeOf('boolean');
    expect(banner.message).toBeTypeOf('string');
    expect(banner.message as string).not.toMatch(/<script|javascript:|\son\w+\s*=/i);
  });
});

describe('trailing slash is optional', () => {
  const paths = [
    '/api/v1/campaigns/categories',
    '/api/v1/campaigns/sub-categories',
    '/api/v1/events',
    '/api/v1/campaigns/close-reasons',
    '/api/v1/paysoft/banks',
    '/api/v1/account-types',
    '/api/v1/currencies',
    '/api/v1/organizations/sector',
    '/api/v1/organizations/type',
    '/api/v1/organizations/position',
    '/api/v1/organizations/list',
    '/api/v1/banner',
  ];
  it.each(paths)('%s answers the same with and without a trailing slash', async (path) => {
    const [bare, slashed] = await Promise.all([api(path), api(`${path}/`)]);
    expect(bare.status, `${path}: ${bare.text.slice(0, 200)}`).toBe(200);
    expect(slashed.status, `${path}/: ${slashed.text.slice(0, 200)}`).toBe(200);
    expectSuccessEnvelope(bare.body);
    expect(slashed.body).toEqual(bare.body);
    expect(bare.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
