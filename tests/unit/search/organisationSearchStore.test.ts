import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('~/lib/api', () => ({ publicApi: { get } }));

const { organisationSearch } = await import('~/stores/search');
const {
  $state: $organisationSearch,
  init: initOrganisationSearch,
  loadMore: loadMoreOrganisations,
  search: searchOrganisations,
} = organisationSearch;
const {
  EMPTY_ORGANISATION_SEARCH,
  findOrganisationHref,
  organisationSearchParams,
  parseOrganisationSearch,
  parseSearchTab,
  searchTabHref,
} = await import('~/lib/search/findCampaign');

type Card = Parameters<typeof initOrganisationSearch>[1]['items'][number];
const card = (id: string): Card => ({ id, legalName: `Organisation ${id}` }) as Card;
const answer = (
  items: Card[],
  meta: { pageNo: number; pageCount: number; totalCount: number; pageSize: number },
) => ({
  json: () => Promise.resolve({ data: { items, paginationMetadata: meta }, meta: {} }),
});

describe('the tab of /find-campaign', () => {
  it('is campaigns unless the address says organisations', () => {
    expect(parseSearchTab(new URLSearchParams(''))).toBe('campaigns');
    expect(parseSearchTab(new URLSearchParams('tab=organisations'))).toBe('organisations');
    expect(parseSearchTab(new URLSearchParams('tab=admin'))).toBe('campaigns');
    expect(searchTabHref('campaigns')).toBe('/find-campaign');
    expect(searchTabHref('organisations')).toBe('/find-campaign?tab=organisations');
  });
});

describe('reading an Organisations tab address', () => {
  it('reads text, place, types, sectors, order and page', () => {
    const params = new URLSearchParams(
      'tab=organisations&searchText=+soup+kitchen+&address=Soweto&organizationTypeIds=4&organizationSectorIds=7,1&organizationSectorIds=7&orderBy=name&pageNo=2',
    );
    expect(parseOrganisationSearch(params)).toEqual({
      query: {
        searchText: 'soup kitchen',
        address: 'Soweto',
        organizationTypeIds: [4],
        organizationSectorIds: [1, 7],
        orderBy: 'name',
      },
      pageNo: 2,
    });
  });

  it('falls back for anything it does not understand', () => {
    const params = new URLSearchParams(
      'organizationTypeIds=x&organizationTypeIds=&organizationSectorIds=-3&orderBy=oldest&pageNo=0',
    );
    expect(parseOrganisationSearch(params)).toEqual({ query: EMPTY_ORGANISATION_SEARCH, pageNo: 1 });
    expect(parseOrganisationSearch(new URLSearchParams('pageNo=99')).pageNo).toBe(10);
    expect(
      parseOrganisationSearch(new URLSearchParams(`address=${'a'.repeat(300)}`)).query.address,
    ).toHaveLength(100);
  });

  it('makes shareable addresses on the Organisations tab that read back as the same search', () => {
    const query = {
      searchText: 'a&b',
      address: 'Cape Town',
      organizationTypeIds: [2],
      organizationSectorIds: [3, 5],
      orderBy: 'mostRaised' as const,
    };
    const href = findOrganisationHref(query, 3);
    expect(href.startsWith('/find-campaign?tab=organisations&')).toBe(true);
    const params = new URL(href, 'http://x').searchParams;
    expect(parseSearchTab(params)).toBe('organisations');
    expect(parseOrganisationSearch(params)).toEqual({ query, pageNo: 3 });
    expect(findOrganisationHref(EMPTY_ORGANISATION_SEARCH)).toBe('/find-campaign?tab=organisations');
    expect(organisationSearchParams(query).getAll('organizationSectorIds')).toEqual(['3', '5']);
  });
});

describe('organisation search store (SPEC §3, §4)', () => {
  beforeEach(() => {
    get.mockReset();
    initOrganisationSearch(EMPTY_ORGANISATION_SEARCH, {
      items: [card('a'), card('b')],
      paginationMetadata: { pageNo: 1, pageCount: 2, totalCount: 4, pageSize: 8 },
    });
  });

  it("starts with the server's results, 8 a page", () => {
    expect($organisationSearch.get()).toMatchObject({
      pageNo: 1,
      pageCount: 2,
      pageSize: 8,
      totalCount: 4,
      keyword: '',
      orderBy: 'newest',
    });
    expect($organisationSearch.get().searchResults.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('load more asks for the next page and appends only organisations not shown yet', async () => {
    get.mockReturnValueOnce(
      answer([card('b'), card('c')], { pageNo: 2, pageCount: 2, totalCount: 4, pageSize: 8 }),
    );
    expect(await loadMoreOrganisations()).toBe(true);
    const [path, options] = get.mock.calls[0] ?? [];
    expect(path).toBe('organizations/filter-organizations/');
    expect(String(options.searchParams)).toBe('pageNo=2&pageSize=8');
    expect($organisationSearch.get().searchResults.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect($organisationSearch.get().pageNo).toBe(2);
    // The last page is shown: nothing more to ask for.
    expect(await loadMoreOrganisations()).toBe(false);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a fresh search replaces the results with page 1 of the new query', async () => {
    let resolve: (value: unknown) => void = () => {};
    get.mockReturnValueOnce({ json: () => new Promise((r) => (resolve = r)) });
    const query = { ...EMPTY_ORGANISATION_SEARCH, searchText: 'tutoring', organizationTypeIds: [4] };
    const done = searchOrganisations(query);
    expect($organisationSearch.get()).toMatchObject({
      searchResults: [],
      loading: true,
      keyword: 'tutoring',
    });
    // The store loads the API client on its first request, so the call comes a moment later.
    await vi.waitFor(() => expect(get).toHaveBeenCalled());
    resolve({
      data: {
        items: [card('z')],
        paginationMetadata: { pageNo: 1, pageCount: 1, totalCount: 1, pageSize: 8 },
      },
    });
    expect(await done).toBe(true);
    expect($organisationSearch.get()).toMatchObject({
      loading: false,
      totalCount: 1,
      organizationTypeIds: [4],
    });
    expect($organisationSearch.get().searchResults.map((c) => c.id)).toEqual(['z']);
    expect(String(get.mock.calls[0]?.[1].searchParams)).toBe(
      'searchText=tutoring&organizationTypeIds=4&pageNo=1&pageSize=8',
    );
  });

  it('drops the answer of a search overtaken by a newer one', async () => {
    let first: (value: unknown) => void = () => {};
    get.mockReturnValueOnce({ json: () => new Promise((r) => (first = r)) });
    get.mockReturnValueOnce(answer([card('new')], { pageNo: 1, pageCount: 1, totalCount: 1, pageSize: 8 }));
    const older = searchOrganisations({ ...EMPTY_ORGANISATION_SEARCH, searchText: 'old' });
    await searchOrganisations({ ...EMPTY_ORGANISATION_SEARCH, searchText: 'new' });
    first({
      data: {
        items: [card('old')],
        paginationMetadata: { pageNo: 1, pageCount: 1, totalCount: 1, pageSize: 8 },
      },
    });
    expect(await older).toBe(false);
    expect($organisationSearch.get().searchResults.map((c) => c.id)).toEqual(['new']);
  });

  it('records a failure and keeps what was shown', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    get.mockReturnValueOnce({ json: () => Promise.reject(new Error('offline')) });
    expect(await loadMoreOrganisations()).toBe(false);
    expect($organisationSearch.get()).toMatchObject({ loading: false, error: true });
    expect($organisationSearch.get().searchResults).toHaveLength(2);
  });
});
