import { atom, map } from 'nanostores';
import { getPayouts, type PayoutCreated, type PayoutList, type PayoutView } from '~/lib/api/payouts';
import { appendNewById } from '~/lib/search/paging';
import { onSessionEnd } from './auth';
import { emptyPagedList, type PagedList, pageLoader, pagePosition } from './pagedList';

/**
 * The payouts of one campaign or organisation (SPEC §3 "Payouts": 5 a page, 'Load more'
 * appending without duplicates, `payoutsRaised`) and the last payout request (SPEC §4:
 * payouts set a success flag and store the response).
 */

export interface PayoutsState extends PagedList<PayoutView> {
  /** The campaign or organisation whose payouts are listed. */
  ownerId: string;
  /** Paid out so far (the campaign's currency; rand for an organisation). */
  payoutsRaised: number | null;
}

const initial = (ownerId = ''): PayoutsState => ({
  ...emptyPagedList<PayoutView>(),
  ownerId,
  payoutsRaised: null,
});

export const $payouts = map<PayoutsState>(initial());

export interface PayoutRequestState {
  success: boolean;
  response: PayoutCreated | null;
}

export const $payoutRequest = atom<PayoutRequestState>({ success: false, response: null });

onSessionEnd(() => {
  $payouts.set(initial());
  $payoutRequest.set({ success: false, response: null });
});

/** The state after a page arrived: page 1 replaces, later pages append. */
export function withPayoutsPage(state: PayoutsState, page: PayoutList): PayoutsState {
  const meta = page.payouts.paginationMetadata;
  const items = page.payouts.items;
  return {
    ...state,
    ...pagePosition(meta),
    items: meta.pageNo <= 1 ? [...items] : appendNewById(state.items, items),
    payoutsRaised: page.payoutsRaised,
  };
}

export const hasMorePayouts = (state: Pick<PayoutsState, 'pageNo' | 'pageCount'>): boolean =>
  state.pageNo < state.pageCount;

const loadPage = pageLoader(
  $payouts,
  (pageNo) => getPayouts($payouts.get().ownerId, pageNo),
  withPayoutsPage,
  'payouts',
);

/** The first page of a campaign's or an organisation's payouts (a new owner starts an empty list). */
export function loadPayouts(ownerId: string): Promise<void> {
  if ($payouts.get().ownerId !== ownerId) $payouts.set(initial(ownerId));
  return loadPage(1);
}

/** The next page, appended. */
export function loadMorePayouts(): Promise<void> {
  return loadPage($payouts.get().pageNo + 1);
}

/** A request went through: the flag and the answer are kept, and the list starts again with it on top. */
export function recordPayoutCreated(response: PayoutCreated): Promise<void> {
  $payoutRequest.set({ success: true, response });
  return loadPage(1);
}

/** A new request is being made: the last one's flag is cleared. */
export function clearPayoutRequest(): void {
  $payoutRequest.set({ success: false, response: null });
}
