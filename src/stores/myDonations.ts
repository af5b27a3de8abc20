import { type MapStore, map } from 'nanostores';
import {
  getUserOnceOffDonations,
  getUserRecurringDonations,
  type OnceOffPage,
  type Paginated,
  type Recurrence,
  type RecurringChange,
  type RecurringPage,
  type UserDonation,
  updateRecurringDonation,
} from '~/lib/api/myDonations';
import { isSessionExpired } from '~/lib/api/refresh';
import { failureBodyOf } from '~/lib/api/storeErrors';
import { isCancelledStatus } from '~/lib/donationDisplay';
import { DonationStatus, PAGE_SIZES } from '~/lib/enums';
import { onSessionEnd } from './auth';
import { notify } from './toast';

/**
 * My Donations (SPEC §3 donation lists, profile tab 3): the signed-in user's
 * once-off and recurring donations, each 5 a page with its own pager, and the
 * recurring item update of SPEC §4 (cancel, or change the amount).
 */

export interface PagedList<T> {
  /** The current page only: the pager replaces it. */
  items: T[];
  pageNo: number;
  pageCount: number;
  totalCount: number;
  /** List-store flags (SPEC §4). */
  loading: boolean;
  error: boolean;
  loaded: boolean;
}

const initial = <T>(): PagedList<T> => ({
  items: [],
  pageNo: 0,
  pageCount: 0,
  totalCount: 0,
  loading: false,
  error: false,
  loaded: false,
});

export const $onceOffDonations = map<PagedList<UserDonation>>(initial());
export const $recurringDonations = map<PagedList<Recurrence>>(initial());

onSessionEnd(() => {
  $onceOffDonations.set(initial());
  $recurringDonations.set(initial());
});

export const DONATION_CANCELLED = 'Donation cancelled';
export const DONATION_UPDATED = 'Donation updated';
export const DONATION_UPDATE_FAILED = 'Donation update failed';

/** The state after a page arrived: that page's items replace the list. */
export function withPage<T, R>(state: PagedList<R>, page: Paginated<T>, itemOf: (row: T) => R): PagedList<R> {
  const meta = page.paginationMetadata;
  return {
    ...state,
    items: (page.items ?? []).map(itemOf),
    pageNo: meta.pageNo,
    pageCount: meta.pageCount,
    totalCount: meta.totalCount,
    loading: false,
    error: false,
    loaded: true,
  };
}

const onceOffOf = (row: OnceOffPage['items'][number]): UserDonation => row.donation;
const recurrenceOf = (row: RecurringPage['items'][number]): Recurrence => row.donationScheduler.recurrence;

/** Loads one page into a list; an answer overtaken by a later request is dropped. */
function pageLoader<T, R>(
  store: MapStore<PagedList<R>>,
  fetchPage: (pageNo: number, pageSize: number) => Promise<{ data: Paginated<T> }>,
  itemOf: (row: T) => R,
  what: string,
): (pageNo?: number) => Promise<void> {
  let latest = 0;
  return async (pageNo = 1) => {
    const request = ++latest;
    store.setKey('loading', true);
    store.setKey('error', false);
    try {
      const body = await fetchPage(pageNo, PAGE_SIZES.userDonations);
      if (request !== latest) return;
      store.set(withPage(store.get(), body.data, itemOf));
    } catch (error) {
      if (request !== latest) return;
      console.warn(`Could not load your ${what}.`, error);
      store.set({ ...store.get(), loading: false, error: true });
    }
  };
}

/** GET /donations/user/once-off?pageSize=5&pageNo= */
export const loadOnceOffDonations = pageLoader(
  $onceOffDonations,
  getUserOnceOffDonations,
  onceOffOf,
  'once-off donations',
);

/** GET /donations/user/recurring?pageSize=5&pageNo= */
export const loadRecurringDonations = pageLoader(
  $recurringDonations,
  getUserRecurringDonations,
  recurrenceOf,
  'monthly donations',
);

/** SPEC §4: 'Donation cancelled' when the answered status is a cancelled one, else 'Donation updated'. */
export function recurringUpdateMessage(status: number | null | undefined): string {
  return isCancelledStatus(status) ? DONATION_CANCELLED : DONATION_UPDATED;
}

export type RecurringUpdateOutcome =
  | { ok: true; recurrence: Recurrence }
  | { ok: false; fieldErrors: Record<string, string[]> | null };

/** PATCH /donationsscheduler/{id}; the answered schedule replaces its row, and a toast says what happened. */
export async function updateRecurring(id: string, change: RecurringChange): Promise<RecurringUpdateOutcome> {
  try {
    const body = await updateRecurringDonation(id, change);
    const recurrence = body.data;
    const list = $recurringDonations.get();
    $recurringDonations.setKey(
      'items',
      list.items.map((item) => (item.donationSchedulerId === id ? recurrence : item)),
    );
    notify({ type: 'success', message: recurringUpdateMessage(recurrence.status), duration: 2000 });
    return { ok: true, recurrence };
  } catch (error) {
    if (!isSessionExpired(error)) {
      console.warn('Could not update the recurring donation.', error);
      notify({ type: 'error', message: DONATION_UPDATE_FAILED, duration: 3000 });
    }
    return { ok: false, fieldErrors: failureBodyOf(error).data };
  }
}

/** The donor cancels: `{ donationSchedulerStatus: 4 }` (CanceledAtManage). */
export function cancelRecurring(id: string): Promise<RecurringUpdateOutcome> {
  return updateRecurring(id, { donationSchedulerStatus: DonationStatus.CanceledAtManage });
}

/** The donor changes the monthly amount, duration or deduction day. */
export function changeRecurring(
  id: string,
  change: { amount: number; term: number; deductionDate: number },
): Promise<RecurringUpdateOutcome> {
  return updateRecurring(id, change);
}
