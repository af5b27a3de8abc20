import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('~/lib/api', () => ({ publicApi: { get } }));

const { campaignSearch } = await import('~/stores/search');
const {
  $state: $campaignSearch,
  init: initCampaignSearch,
  loadMore: loadMoreCampaigns,
  search: searchCampaigns,
} = campaignSearch;
const { campaignSearchParams, EMPTY_CAMPAIGN_SEARCH, findCampaignHref, parseCampaignSearch } = await import(
  '~/lib/search/findCampaign'
);
const { appendNewById, hasMoreResults } = await import('~/lib/search/paging');

type Card = Parameters<typeof initCampaignSearch>[1]['items'][number];
const card = (id: string): Card => ({ id, name: `Campaign ${id}` }) as Card;
const answer = (
  items: Card[],
  meta: { pageNo: number; pageCount: number; totalCount: number; pageSize?: number },
) => ({
  json: () => Promise.resolve({ data: { items, paginationMetadata: meta }, meta: {} }),
});

describe('reading a /find-campaign address', () => {
  it('reads text, place, categories, event, order and page', () => {
    const params = new URLSearchParams(
      'searchText=+school+shoes+&address=Gauteng&campaignCategoryIds=5&campaignCategoryIds=2,5&event=Comrades-2026&orderBy=mostRaised&pageNo=3',
    );
    expect(parseCampaignSearch(params)).toEqual({
      query: {
        searchText: 'school shoes',
        address: 'Gauteng',
        campaignCategoryIds: [2, 5],
        event: 'comrades-2026',
        orderBy: 'mostRaised',
      },
      pageNo: 3,
    });
  });
  it('falls back for anything it does not understand', () => {
    const params = new URLSearchParams(
      'campaignCategoryIds=99&campaignCategoryIds=x&orderBy=random&pageNo=-2&event=%3Cscript%3E',
    );
    expect(parseCampaignSearch(params)).toEqual({ query: EMPTY_CAMPAIGN_SEARCH, pageNo: 1 });
    expect(parseCampaignSearch(new URLSearchParams('pageNo=500')).pageNo).toBe(10);
    expect(
      parseCampaignSearch(new URLSearchParams(`searchText=${'a'.repeat(300)}`)).query.searchText,
    ).toHaveLength(100);
  });
});

describe('writing search parameters', () => {
  it('repeats list parameters and leaves defaults out', () => {
    const query = {
      searchText: 'lions',
      address: '',
      campaignCategoryIds: [6, 8],
      event: '',
      orderBy: 'newest' as const,
    };
    expect(campaignSearchParams(query).toString()).toBe(
      'searchText=lions&campaignCategoryIds=6&campaignCategoryIds=8',
    );
    expect(campaignSearchParams(query, { pageNo: 2, pageSize: 12 }).toString()).toBe(
      'searchText=lions&campaignCategoryIds=6&campaignCategoryIds=8&pageNo=2&pageSize=12',
    );
  });
  it('makes shareable addresses that read back as the same search', () => {
    const query = {
      searchText: 'a&b',
      address: 'Cape Town',
      campaignCategoryIds: [1],
      event: 'two-oceans-2026',
      orderBy: 'endingSoon' as const,
    };
    const href = findCampaignHref(query, 2);
    expect(href.startsWith('/find-campaign?')).toBe(true);
    expect(parseCampaignSearch(new URL(href, 'http://x').searchParams)).toEqual({ query, pageNo: 2 });
    expect(findCampaignHref(EMPTY_CAMPAIGN_SEARCH)).toBe('/find-campaign');
  });
});

describe('paging rules', () => {
  it('appends only items whose id is new, keeping the order', () => {
    const merged = appendNewById([card('a'), card('b')], [card('b'), card('c'), card('c'), card('d')]);
    expect(merged.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('knows when more pages exist', () => {
    expect(hasMoreResults({ pageNo: 1, pageCount: 2 })).toBe(true);
    expect(hasMoreResults({ pageNo: 2, pageCount: 2 })).toBe(false);
    expect(hasMoreResults({ pageNo: 0, pageCount: 0 })).toBe(false);
  });
});

describe('search store', () => {
  beforeEach(() => {
    get.mockReset();
    initCampaignSearch(EMPTY_CAMPAIGN_SEARCH, {
      items: [card('a'), card('b')],
      paginationMetadata: { pageNo: 1, pageCount: 2, totalCount: 4, pageSize: 12 },
    });
  });

  it("starts with the server's results", () => {
    const state = $campaignSearch.get();
    expect(state).toMatchObject({
      pageNo: 1,
      pageCount: 2,
      pageSize: 12,
      totalCount: 4,
      keyword: '',
    });
    expect(state.searchResults.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('load more asks for the next page of the same query and appends new results only', async () => {
    get.mockReturnValueOnce(
      answer([card('b'), card('c')], { pageNo: 2, pageCount: 2, totalCount: 4, pageSize: 12 }),
    );
    expect(await loadMoreCampaigns()).toBe(true);
    const [path, options] = get.mock.calls[0] ?? [];
    expect(path).toBe('campaigns/filter-campaigns/');
    expect(String(options.searchParams)).toBe('pageNo=2&pageSize=12');
    const state = $campaignSearch.get();
    expect(state.searchResults.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(state.pageNo).toBe(2);
    expect(await loadMoreCampaigns()).toBe(false);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a fresh search clears the results and shows page 1 of the new query', async () => {
    let resolve: (value: unknown) => void = () => {};
    get.mockReturnValueOnce({ json: () => new Promise((r) => (resolve = r)) });
    const query = { ...EMPTY_CAMPAIGN_SEARCH, searchText: 'lions' };
    const done = searchCampaigns(query);
    expect($campaignSearch.get()).toMatchObject({ searchResults: [], loading: true, keyword: 'lions' });
    // The store loads the API client on its first request, so the call comes a moment later.
    await vi.waitFor(() => expect(get).toHaveBeenCalled());
    resolve({ data: { items: [card('z')], paginationMetadata: { pageNo: 1, pageCount: 1, totalCount: 1 } } });
    expect(await done).toBe(true);
    expect($campaignSearch.get()).toMatchObject({ loading: false, totalCount: 1, pageSize: 5 });
    expect($campaignSearch.get().searchResults.map((c) => c.id)).toEqual(['z']);
    expect(String(get.mock.calls[0]?.[1].searchParams)).toBe('searchText=lions&pageNo=1&pageSize=12');
  });

  it('drops the answer of a search overtaken by a newer one', async () => {
    let first: (value: unknown) => void = () => {};
    get.mockReturnValueOnce({ json: () => new Promise((r) => (first = r)) });
    get.mockReturnValueOnce(answer([card('new')], { pageNo: 1, pageCount: 1, totalCount: 1 }));
    const older = searchCampaigns({ ...EMPTY_CAMPAIGN_SEARCH, searchText: 'old' });
    await searchCampaigns({ ...EMPTY_CAMPAIGN_SEARCH, searchText: 'new' });
    first({ data: { items: [card('old')], paginationMetadata: { pageNo: 1, pageCount: 1, totalCount: 1 } } });
    expect(await older).toBe(false);
    expect($campaignSearch.get().searchResults.map((c) => c.id)).toEqual(['new']);
    expect($campaignSearch.get().keyword).toBe('new');
  });

  it('records a failure and keeps what was shown', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    get.mockReturnValueOnce({ json: () => Promise.reject(new Error('offline')) });
    expect(await loadMoreCampaigns()).toBe(false);
    expect($campaignSearch.get()).toMatchObject({ loading: false, error: true });
    expect($campaignSearch.get().searchResults).toHaveLength(2);
  });
});
