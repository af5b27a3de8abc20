import { map } from 'nanostores';
import { type Envelope, publicApi } from '~/lib/api';
import type { CampaignCard, CampaignSearchPage } from '~/lib/contracts/campaigns';
import type { Pagination } from '~/lib/contracts/common';
import { PAGE_SIZES } from '~/lib/enums';
import { appendNewById } from './search';

/**
 * SPEC §4: organisation-scoped campaign searches go to their own list, apart
 * from /find-campaign's results. The public organisation page renders the
 * first pages itself; this list holds what 'Load more' adds in place.
 */
export interface OrganisationCampaignsState {
  organisationId: string | null;
  /** Cards loaded in place, after the ones the server rendered. */
  campaigns: CampaignCard[];
  /** Every card on the page (server-rendered and loaded), so each shows once. */
  shownIds: string[];
  pageNo: number;
  pageCount: number;
  totalCount: number;
  loading: boolean;
  error: boolean;
}

const INITIAL_STATE: OrganisationCampaignsState = {
  organisationId: null,
  campaigns: [],
  shownIds: [],
  pageNo: 0,
  pageCount: 0,
  totalCount: 0,
  loading: false,
  error: false,
};

export const $organisationCampaigns = map<OrganisationCampaignsState>({ ...INITIAL_STATE });

/** Hands the server-rendered pages (their card ids and where they end) to the list. */
export function initOrganisationCampaigns(
  organisationId: string,
  shownIds: readonly string[],
  meta: Pagination,
): void {
  $organisationCampaigns.set({
    ...INITIAL_STATE,
    organisationId,
    shownIds: [...shownIds],
    pageNo: meta.pageNo,
    pageCount: meta.pageCount,
    totalCount: meta.totalCount,
  });
}

/** Whether the organisation has campaigns after the pages shown. */
export function hasMoreOrganisationCampaigns(
  state: Pick<OrganisationCampaignsState, 'pageNo' | 'pageCount'>,
): boolean {
  return state.pageNo < state.pageCount;
}

function fetchPage(organisationId: string, pageNo: number): Promise<Envelope<CampaignSearchPage>> {
  return publicApi
    .get('campaigns/filter-campaigns/', {
      searchParams: { organizationId: organisationId, pageNo, pageSize: PAGE_SIZES.campaignSearch },
    })
    .json<Envelope<CampaignSearchPage>>();
}

/**
 * The next page of the organisation's campaigns, appended without the ones
 * already shown (SPEC §4). False when there is none, one is loading, or it failed.
 */
export async function loadMoreOrganisationCampaigns(): Promise<boolean> {
  const state = $organisationCampaigns.get();
  if (!state.organisationId || state.loading || !hasMoreOrganisationCampaigns(state)) return false;
  $organisationCampaigns.set({ ...state, loading: true, error: false });
  try {
    const { data } = await fetchPage(state.organisationId, state.pageNo + 1);
    const current = $organisationCampaigns.get();
    if (current.organisationId !== state.organisationId) return false;
    const shown = new Set(current.shownIds);
    const added = appendNewById(
      [],
      data.items.filter((card) => !shown.has(card.id)),
    );
    $organisationCampaigns.set({
      ...current,
      campaigns: [...current.campaigns, ...added],
      shownIds: [...current.shownIds, ...added.map((card) => card.id)],
      pageNo: data.paginationMetadata.pageNo,
      pageCount: data.paginationMetadata.pageCount,
      totalCount: data.paginationMetadata.totalCount,
      loading: false,
    });
    return true;
  } catch (error) {
    console.warn('Could not load more campaigns of the organisation.', error);
    $organisationCampaigns.set({ ...$organisationCampaigns.get(), loading: false, error: true });
    return false;
  }
}
