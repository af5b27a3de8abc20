import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignCard } from '~/lib/contracts/campaigns';

const get = vi.fn();
vi.mock('~/lib/api', () => ({ publicApi: { get } }));

const { $organisationCampaigns, initOrganisationCampaigns, loadMoreOrganisationCampaigns } = await import(
  '~/stores/organisationCampaigns'
);
const { hasMoreResults } = await import('~/stores/pagedSearch');
const { $campaignSearch } = await import('~/stores/search');

const card = (id: string): CampaignCard => ({ id, name: `Campaign ${id}` }) as CampaignCard;
const answer = (items: CampaignCard[], meta: { pageNo: number; pageCount: number; totalCount: number }) => ({
  json: () => Promise.resolve({ data: { items, paginationMetadata: { ...meta, pageSize: 12 } }, meta: {} }),
});
const ORG = '6f1c2b1e-4a53-4a3c-9d0e-1f2a3b4c5d6e';

beforeEach(() => {
  get.mockReset();
  initOrganisationCampaigns(ORG, ['a', 'b'], { pageNo: 1, pageCount: 2, totalCount: 4, pageSize: 12 });
});

describe('the organisation campaigns list (SPEC §4)', () => {
  it('asks for the next page of the organisation’s campaigns only', async () => {
    get.mockReturnValue(answer([card('c')], { pageNo: 2, pageCount: 2, totalCount: 4 }));
    expect(await loadMoreOrganisationCampaigns()).toBe(true);
    const [path, options] = get.mock.calls[0] ?? [];
    expect(path).toBe('campaigns/filter-campaigns/');
    expect(String(options.searchParams)).toBe(`organizationId=${ORG}&pageNo=2&pageSize=12`);
  });

  it('appends without the cards already shown, and stops at the last page', async () => {
    // A campaign launched meanwhile shifts the pages: 'b' comes again.
    get.mockReturnValue(
      answer([card('b'), card('c'), card('c'), card('d')], { pageNo: 2, pageCount: 2, totalCount: 5 }),
    );
    await loadMoreOrganisationCampaigns();
    const state = $organisationCampaigns.get();
    expect(state.searchResults.map((c) => c.id)).toEqual(['c', 'd']);
    expect(state).toMatchObject({ pageNo: 2, totalCount: 5, loading: false, error: false });
    expect(hasMoreResults(state)).toBe(false);
    expect(await loadMoreOrganisationCampaigns()).toBe(false);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('keeps its cards apart from /find-campaign’s results', async () => {
    get.mockReturnValue(answer([card('c')], { pageNo: 2, pageCount: 2, totalCount: 3 }));
    await loadMoreOrganisationCampaigns();
    expect($campaignSearch.get().searchResults).toEqual([]);
  });

  it('drops an answer that comes after the page moved to another organisation', async () => {
    let resolve: (value: unknown) => void = () => {};
    get.mockReturnValueOnce({ json: () => new Promise((r) => (resolve = r)) });
    const loading = loadMoreOrganisationCampaigns();
    const OTHER = '0b6f3d2a-1c4e-4f5a-8b7c-9d0e1f2a3b4c';
    initOrganisationCampaigns(OTHER, ['x'], { pageNo: 1, pageCount: 1, totalCount: 1, pageSize: 12 });
    // The store loads the API client on its first request, so the call comes a moment later.
    await vi.waitFor(() => expect(get).toHaveBeenCalled());
    resolve({
      data: {
        items: [card('c')],
        paginationMetadata: { pageNo: 2, pageCount: 2, totalCount: 4, pageSize: 12 },
      },
    });
    expect(await loading).toBe(false);
    expect($organisationCampaigns.get()).toMatchObject({
      organisationId: OTHER,
      searchResults: [],
      pageNo: 1,
    });
  });

  it('records a failure and keeps what it shows', async () => {
    get.mockReturnValue({ json: () => Promise.reject(new Error('offline')) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await loadMoreOrganisationCampaigns()).toBe(false);
    expect($organisationCampaigns.get()).toMatchObject({
      error: true,
      loading: false,
      pageNo: 1,
      searchResults: [],
    });
  });
});
