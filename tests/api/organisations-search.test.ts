import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISATIONS } from '~/lib/server/db/seed/demo-users';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import { demoToken, formOf, multipart, uniqueWord } from './support/campaigns';
import { api, expectFailureEnvelope, getData, page } from './support/http';

interface Card {
  id: string;
  legalName: string;
  url: string;
  summary: string;
  logo: { url: string; fileName: string } | null;
  organizationType: { id: number; name: string } | null;
  organizationSectors: { id: number; name: string }[];
  city: string | null;
  province: string | null;
  isVerified: boolean;
  totalCampaigns: number;
  orgDonationsTotal: number;
}

interface CardPage {
  items: Card[];
  paginationMetadata: { totalCount: number; pageCount: number; pageNo: number; pageSize: number };
}

const PATH = '/api/v1/organizations/filter-organizations/';
const search = (query: string) => getData<CardPage>(`${PATH}?${query}`);
const names = (page: CardPage) => page.items.map((card) => card.legalName);

const SIYAKHULA = DEMO_ORGANISATIONS[0];
const KAROO = DEMO_ORGANISATIONS[1];

describe('the demo organisations', () => {
  it('are listed to a visitor, with a card each', async () => {
    const page = await search(`searchText=${encodeURIComponent(SIYAKHULA.legalName)}`);
    const card = page.items.find((c) => c.url === SIYAKHULA.url);
    expect(card).toMatchObject({
      legalName: SIYAKHULA.legalName,
      city: 'Soweto',
      province: 'Gauteng',
      isVerified: true,
      organizationType: { id: SIYAKHULA.typeId },
    });
    expect(card?.summary.startsWith('Siyakhula ("we are growing") runs Saturday classes')).toBe(true);
    expect(card?.summary.length).toBeLessThanOrEqual(200);
    expect(card?.organizationSectors.map((s) => s.id)).toEqual([...SIYAKHULA.sectorIds]);
    expect(card?.logo?.url).toBeTruthy();
    expect(card?.totalCampaigns).toBeGreaterThan(0);
  });

  it('carry the same rand total as the organisation’s own view', async () => {
    const own = await send<{ orgDonationsTotal: number }>(
      'GET',
      '/api/v1/organizations/',
      undefined,
      await demoToken('anele'),
    );
    expect(own.status).toBe(200);
    const [card] = (await search('searchText=bursaries')).items;
    expect(card?.orgDonationsTotal).toBeGreaterThan(0);
    expect(card?.orgDonationsTotal).toBe(own.body.data.orgDonationsTotal);
  });

  it('are found by a word of their description only', async () => {
    // "bursaries" and "volunteers" are in neither name nor keywords.
    expect(names(await search('searchText=bursaries'))).toEqual([SIYAKHULA.legalName]);
    expect(names(await search('searchText=Volunteers'))).toEqual([KAROO.legalName]);
    // A word's beginning is enough, as in campaign search.
    expect(names(await search('searchText=sterilis'))).toEqual([KAROO.legalName]);
    expect((await search('searchText=zzqnothingmatches')).items).toEqual([]);
  });

  it('are found by their keywords and other name', async () => {
    expect(names(await search('searchText=tutoring'))).toEqual([SIYAKHULA.legalName]);
    expect(names(await search('searchText=Karoo%20Animal%20Rescue'))).toEqual([KAROO.legalName]);
  });

  it('are filtered by any address line, city or province', async () => {
    const inGraaffReinet = names(await search('address=graaff-reinet'));
    expect(inGraaffReinet).toContain(KAROO.legalName);
    expect(inGraaffReinet).not.toContain(SIYAKHULA.legalName);
    expect(names(await search('address=Vilakazi'))).toEqual([SIYAKHULA.legalName]);
    expect(names(await search('address=Eastern%20Cape&searchText=donkeys'))).toEqual([KAROO.legalName]);
    expect(names(await search('address=Gauteng&searchText=donkeys'))).toEqual([]);
  });

  it('are filtered by type and by sector, repeated or comma-joined', async () => {
    const ofType = names(await search(`organizationTypeIds=${KAROO.typeId}`));
    expect(ofType).toContain(KAROO.legalName);
    expect(ofType).not.toContain(SIYAKHULA.legalName);
    const both = names(await search(`organizationTypeIds=${KAROO.typeId},${SIYAKHULA.typeId}`));
    expect(both).toEqual(expect.arrayContaining([KAROO.legalName, SIYAKHULA.legalName]));
    const inSector = names(
      await search(`organizationSectorIds=${KAROO.sectorIds[0]}&organizationSectorIds=999`),
    );
    expect(inSector).toContain(KAROO.legalName);
    expect(inSector).not.toContain(SIYAKHULA.legalName);
    expect(names(await search(`organizationSectorIds=${SIYAKHULA.sectorIds[0]}`))).not.toContain(
      KAROO.legalName,
    );
  });

  it('page 8 at a time by default, and as asked', async () => {
    const first = await search('');
    expect(first.paginationMetadata).toMatchObject({ pageNo: 1, pageSize: 8 });
    expect(first.items.length).toBe(Math.min(8, first.paginationMetadata.totalCount));
    // Other files register organisations meanwhile, and one named earlier shifts every page:
    // ask again until both pages come from the same list (the same count).
    let one = await search('orderBy=name&pageSize=1');
    let two = await search('orderBy=name&pageSize=1&pageNo=2');
    for (
      let tries = 1;
      tries < 10 && one.paginationMetadata.totalCount !== two.paginationMetadata.totalCount;
      tries++
    ) {
      one = await search('orderBy=name&pageSize=1');
      two = await search('orderBy=name&pageSize=1&pageNo=2');
    }
    expect(one.paginationMetadata.pageCount).toBe(one.paginationMetadata.totalCount);
    expect(one.items).toHaveLength(1);
    expect(two.items[0]?.id).not.toBe(one.items[0]?.id);
    expect((await search('pageSize=500')).paginationMetadata.pageSize).toBe(48);
  });
});

/** The legal names of the organisation cards of a /find-campaign page (their h2 links). */
function pageCardLinks(html: string): string[] {
  return [...html.matchAll(/<h2\b[^>]*>\s*<a\b[^>]*href="(\/organization\/[^"]+)"/g)].map((m) => m[1] ?? '');
}

describe('the Organisations tab of /find-campaign', () => {
  it('renders the search on the server, from the address', async () => {
    const res = await page('/find-campaign?tab=organisations&searchText=bursaries');
    expect(res.status).toBe(200);
    expect(res.html).not.toMatch(/\sstyle="/);
    expect(res.html).toMatch(/<h1[^>]*>Find an organisation<\/h1>/);
    expect(pageCardLinks(res.html)).toEqual([`/organization/${SIYAKHULA.url}`]);
    expect(res.html).toContain('1 organisation found');
    // The form keeps the tab and the text, so it searches organisations again without JavaScript.
    expect(res.html).toMatch(/<input[^>]*name="tab"[^>]*value="organisations"/);
    expect(res.html).toMatch(/<input[^>]*name="searchText"[^>]*value="bursaries"/);
    expect(res.html).toMatch(/<a[^>]*href="\/find-campaign"[^>]*>Campaigns<\/a>/);
    expect(res.html).toMatch(/<a[^>]*href="\/find-campaign\?tab=organisations"[^>]*aria-current="page"/);
  });

  it('leaves the campaigns tab the default', async () => {
    const res = await page('/find-campaign?searchText=bursaries');
    expect(res.html).toMatch(/<h1[^>]*>Find a campaign<\/h1>/);
    expect(pageCardLinks(res.html)).toEqual([]);
  });

  it('says so when nothing matches, and survives nonsense', async () => {
    const none = await page('/find-campaign?tab=organisations&searchText=zzqnothingmatches');
    expect(none.html).toContain('No organisations match your search.');
    const nonsense = await page(
      `/find-campaign?tab=organisations&orderBy=drop&pageNo=-4&organizationTypeIds=abc&searchText=${'x'.repeat(300)}`,
    );
    expect(nonsense.status).toBe(200);
  });
});

describe('bad input', () => {
  it('400 with a message for each field a visitor got wrong', async () => {
    const res = await api(`${PATH}?searchText=${'a'.repeat(101)}&organizationTypeIds=abc`);
    expect(res.status).toBe(400);
    expectFailureEnvelope(res.body);
    expect(res.body.meta.message).toBe('Search text must be at most 100 characters.');
    expect(res.body.data).toMatchObject({
      searchText: ['Search text must be at most 100 characters.'],
      organizationTypeIds: ['Please choose organisation types from the list.'],
    });
    const sectors = await api(`${PATH}?organizationSectorIds=-1`);
    expect(sectors.status).toBe(400);
    expect(sectors.body.meta.message).toBe('Please choose sectors from the list.');
    const place = await api(`${PATH}?address=${'b'.repeat(101)}`);
    expect(place.status).toBe(400);
    expect(place.body.meta.message).toBe('The place must be at most 100 characters.');
  });

  it('an unknown order or page falls back to the defaults rather than failing', async () => {
    const page = await search('orderBy=random&pageNo=x&pageSize=0');
    expect(page.paginationMetadata).toMatchObject({ pageNo: 1, pageSize: 8 });
  });

  it('search operators in the text are only words', async () => {
    expect(
      (await search(`searchText=${encodeURIComponent("bursaries' | !&:*")}`)).items.map((c) => c.url),
    ).toEqual([SIYAKHULA.url]);
  });
});

describe('registered organisations', () => {
  const word = uniqueWord('orgsrch');
  const created: { id: string; legalName: string }[] = [];

  /** Registers an organisation for a new user (the register call of docs/api/organisations.md). */
  async function registerOrganisation(
    owner: SignedInAccount,
    n: number,
    extra: Record<string, unknown> = {},
  ) {
    const legalName = `${String.fromCharCode(74 - n)}${word} Community Trust ${n}`;
    const res = await multipart<{ id: string; legalName: string }>(
      'POST',
      '/api/v1/organizations/',
      formOf({
        legalName,
        organizationTypeId: 1,
        organizationSectors: [2],
        briefDescription: `<p>We run a soup kitchen and an after-school club, number ${n}, every weekday.</p>`,
        mainContactPerson: {
          firstName: 'Nomsa',
          lastName: `Search${n}`,
          phone: '+27821234567',
          email: owner.email,
        },
        address: {
          addressLine1: `${n} Main Road`,
          city: `Qonce${word}`,
          province: 'Eastern Cape',
          country: 'South Africa',
        },
        keywordsDescription: word,
        ...extra,
      }),
      owner.accessToken,
    );
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  beforeAll(async () => {
    const owners = await Promise.all(
      Array.from({ length: 9 }, (_, i) => verifyAndLogin({ firstName: 'Nomsa', lastName: `Search${i + 1}` })),
    );
    // One at a time, so "newest" has a known order: I (n = 1) is the oldest, A (n = 9) the newest.
    for (let n = 1; n <= 9; n += 1) {
      const extra =
        n === 9
          ? {
              briefDescription: `<h2>About us</h2><p>The <strong>only</strong> trust that plants spekboom${word} &amp; trees.</p>${'<p>More about our work in the valley. </p>'.repeat(20)}`,
            }
          : {};
      created.push(await registerOrganisation(owners[n - 1] as SignedInAccount, n, extra));
    }
  }, 120_000);

  it('are listed 8 a page, newest first, and the next page holds the rest', async () => {
    const first = await search(`searchText=${word}`);
    expect(first.paginationMetadata).toMatchObject({ totalCount: 9, pageCount: 2, pageNo: 1, pageSize: 8 });
    expect(first.items.map((c) => c.id)).toEqual(
      created
        .slice(1)
        .reverse()
        .map((c) => c.id),
    );
    const second = await search(`searchText=${word}&pageNo=2`);
    expect(second.items.map((c) => c.id)).toEqual([created[0]?.id]);
    const third = await search(`searchText=${word}&pageNo=3`);
    expect(third.items).toEqual([]);
  });

  it('show 8 on the page and a "Load more" link to the next page without JavaScript', async () => {
    const first = await page(`/find-campaign?tab=organisations&searchText=${word}`);
    expect(pageCardLinks(first.html)).toHaveLength(8);
    const more = first.html.match(/<a[^>]*href="([^"]+)"[^>]*>Load more<\/a>/)?.[1]?.replaceAll('&amp;', '&');
    expect(more).toBe(`/find-campaign?tab=organisations&searchText=${word}&pageNo=2`);
    const both = await page(more ?? '');
    expect(pageCardLinks(both.html)).toHaveLength(9);
    expect(both.html).not.toContain('>Load more<');
  });

  it('are ordered by name when asked', async () => {
    const page = await search(`searchText=${word}&orderBy=name&pageSize=9`);
    expect(names(page)).toEqual([...created.map((c) => c.legalName)].sort((a, b) => a.localeCompare(b)));
  });

  it('put the organisations that raised most first', async () => {
    const page = await search('orderBy=mostRaised&pageSize=48');
    const totals = page.items.map((c) => c.orgDonationsTotal);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(page.items[0]?.orgDonationsTotal).toBeGreaterThan(0);
  });

  it('show a new organisation without campaigns, unverified, with its main address', async () => {
    const card = (await search(`searchText=${word}&address=1%20Main%20Road`)).items;
    expect(card).toHaveLength(1);
    expect(card[0]).toMatchObject({
      id: created[0]?.id,
      city: `Qonce${word}`,
      province: 'Eastern Cape',
      isVerified: false,
      totalCampaigns: 0,
      orgDonationsTotal: 0,
      summary: 'We run a soup kitchen and an after-school club, number 1, every weekday.',
    });
  });

  it('are found by a word inside the HTML description, the summary being its plain text', async () => {
    const [card] = (await search(`searchText=spekboom${word}`)).items;
    expect(card?.id).toBe(created[8]?.id);
    expect(card?.summary.startsWith(`About us The only trust that plants spekboom${word} & trees.`)).toBe(
      true,
    );
    expect(card?.summary).not.toMatch(/[<>]/);
    expect(card?.summary.length).toBeLessThanOrEqual(200);
    expect(card?.summary.endsWith('…')).toBe(true);
    // Tag names are not words of the description.
    expect((await search(`searchText=strong%20${word}`)).items).toEqual([]);
  });
});
