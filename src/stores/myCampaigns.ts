import { map } from 'nanostores';
import type { CampaignCard, UserCampaigns } from '~/lib/api/campaigns';
import { getUserCampaigns } from '~/lib/api/campaigns';
import { PAGE_SIZES } from '~/lib/enums';
import { onSessionEnd } from './auth';

/**
 * My Campaigns (SPEC §3 user campaigns, profile tab 2): the signed-in user's
 * campaigns, 5 a page, 'load more' appending without duplicates, and the
 * totals the server adds up over all of them.
 */

export interface MyCampaignsState {
  items: CampaignCard[];
  totals: { payoutTotal: number; targetTotal: number } | null;
  pageNo: number;
  pageCount: number;
  totalCount: number;
  /** List-store flags (SPEC §4). */
  loading: boolean;
  error: boolean;
  loaded: boolean;
}

const INITIAL: MyCampaignsState = {
  items: [],
  totals: null,
  pageNo: 0,
  pageCount: 0,
  totalCount: 0,
  loading: false,
  error: false,
  loaded: false,
};

export const $myCampaigns = map<MyCampaignsState>({ ...INITIAL });

onSessionEnd(() => $myCampaigns.set({ ...INITIAL }));

/** `existing` followed by the campaigns of `incoming` it does not hold yet. */
export function appendCampaigns(
  existing: readonly CampaignCard[],
  incoming: readonly CampaignCard[],
): CampaignCard[] {
  const seen = new Set(existing.map((c) => c.id));
  const added: CampaignCard[] = [];
  for (const campaign of incoming) {
    if (seen.has(campaign.id)) continue;
    seen.add(campaign.id);
    added.push(campaign);
  }
  return [...existing, ...added];
}

/** The state after a page of the answer arrived: page 1 replaces, later pages append. */
export function withPage(state: MyCampaignsState, page: UserCampaigns): MyCampaignsState {
  const meta = page.userCampaigns.paginationMetadata;
  const items = page.userCampaigns.items ?? [];
  return {
    ...state,
    items: meta.pageNo <= 1 ? [...items] : appendCampaigns(state.items, items),
    totals: page.userCampaignTotals ?? state.totals,
    pageNo: meta.pageNo,
    pageCount: meta.pageCount,
    totalCount: meta.totalCount,
    loading: false,
    error: false,
    loaded: true,
  };
}

export function hasMoreCampaigns(state: Pick<MyCampaignsState, 'pageNo' | 'pageCount'>): boolean {
  return state.pageNo < state.pageCount;
}

let latest = 0;

/** GET /campaigns/user-campaigns?pageSize=5&pageNo= ; page 1 starts the list again. */
export async function loadMyCampaigns(pageNo = 1): Promise<void> {
  const request = ++latest;
  $myCampaigns.setKey('loading', true);
  $myCampaigns.setKey('error', false);
  try {
    const body = await getUserCampaigns(pageNo, PAGE_SIZES.userCampaigns);
    if (request !== latest) return;
    $myCampaigns.set(withPage($myCampaigns.get(), body.data));
  } catch (error) {
    if (request !== latest) return;
    console.warn('Could not load your campaigns.', error);
    $myCampaigns.set({ ...$myCampaigns.get(), loading: false, error: true });
  }
}

/** The next page, appended. */
export function loadMoreCampaigns(): Promise<void> {
  return loadMyCampaigns($myCampaigns.get().pageNo + 1);
}
