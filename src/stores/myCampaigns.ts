import { map } from 'nanostores';
import { type CampaignCard, getUserCampaigns, type UserCampaigns } from '~/lib/api/campaigns';
import { PAGE_SIZES } from '~/lib/enums';
import { appendNewById } from '~/lib/search/paging';
import { onSessionEnd } from './auth';
import { emptyPagedList, type PagedList, pageLoader, pagePosition } from './pagedList';

/**
 * My Campaigns (SPEC §3 user campaigns, profile tab 2): the signed-in user's
 * campaigns, 5 a page, 'load more' appending without duplicates, and the
 * totals the server adds up over all of them.
 */

export interface MyCampaignsState extends PagedList<CampaignCard> {
  totals: UserCampaigns['userCampaignTotals'] | null;
}

const initial = (): MyCampaignsState => ({ ...emptyPagedList<CampaignCard>(), totals: null });

export const $myCampaigns = map<MyCampaignsState>(initial());

onSessionEnd(() => $myCampaigns.set(initial()));

/** The state after a page of the answer arrived: page 1 replaces, later pages append. */
export function withPage(state: MyCampaignsState, page: UserCampaigns): MyCampaignsState {
  const meta = page.userCampaigns.paginationMetadata;
  const items = page.userCampaigns.items;
  return {
    ...state,
    ...pagePosition(meta),
    items: meta.pageNo <= 1 ? [...items] : appendNewById(state.items, items),
    totals: page.userCampaignTotals,
  };
}

export function hasMoreCampaigns(state: Pick<MyCampaignsState, 'pageNo' | 'pageCount'>): boolean {
  return state.pageNo < state.pageCount;
}

/** GET /campaigns/user-campaigns?pageSize=5&pageNo= ; page 1 starts the list again. */
export const loadMyCampaigns = pageLoader(
  $myCampaigns,
  (pageNo) => getUserCampaigns(pageNo, PAGE_SIZES.userCampaigns),
  withPage,
  'campaigns',
);

/** The next page, appended. */
export function loadMoreCampaigns(): Promise<void> {
  return loadMyCampaigns($myCampaigns.get().pageNo + 1);
}
