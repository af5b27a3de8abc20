import { atom, type MapStore, map } from 'nanostores';
import {
  getRecurringCharges,
  getUserOnceOffDonations,
  getUserRecurringDonations,
  type Recurrence,
  type RecurringChange,
  type ScheduleChange,
  type UserDonation,
  updateRecurringDonation,
} from '~/lib/api/myDonations';
import { isSessionExpired } from '~/lib/api/refresh';
import { failureBodyOf } from '~/lib/api/storeErrors';
import type { FieldErrors, Page } from '~/lib/contracts/common';
import type { OnceOffPage, RecurringPage } from '~/lib/contracts/donations';
import { isCancelledStatus } from '~/lib/donationDisplay';
import { DonationStatus, PAGE_SIZES } from '~/lib/enums';
import { onSessionEnd } from './auth';
import { emptyPagedList, type PagedList, pageLoader, pagePosition } from './pagedList';
import { notify } from './toast';

/**
 * My Donations (SPEC §3 donation lists, profile tab 3): the signed-in user's
 * once-off and recurring donations, each 5 a page with its own pager, and the
 * recurring item update of SPEC §4 (cancel, or change the amount).
 */

export const $onceOffDonations = map<PagedList<UserDonation>>(emptyPagedList());
export const $recurringDonations = map<PagedList<Recurrence>>(emptyPagedList());

/**
 * The donation whose Section 18A receipt form is open, in either list: one at a time, since the
 * form's inputs have fixed ids.
 */
export const $receiptFormFor = atom<string | null>(null);

/** Opens the receipt form of `donationId`, or closes it when it is the one open. */
export function toggleReceiptForm(donationId: string): void {
  $receiptFormFor.set($receiptFormFor.get() === donationId ? null : donationId);
}

export interface ChargeList {
  store: MapStore<PagedList<UserDonation>>;
  load: (pageNo?: number) => Promise<void>;
}

/** The charges of each monthly donation the donor opened, by schedule id. */
const chargeLists = new Map<string, ChargeList>();

onSessionEnd(() => {
  $onceOffDonations.set(emptyPagedList());
  $recurringDonations.set(emptyPagedList());
  $receiptFormFor.set(null);
  chargeLists.clear();
});

const DONATION_CANCELLED = 'Donation cancelled';
const DONATION_UPDATED = 'Donation updated';
const DONATION_UPDATE_FAILED = 'Donation update failed';

/** The state after a page arrived: that page's items replace the list (each list has a pager). */
function withPage<T, R>(state: PagedList<R>, page: Page<T>, itemOf: (row: T) => R): PagedList<R> {
  return { ...state, ...pagePosition(page.paginationMetadata), items: page.items.map(itemOf) };
}

const onceOffOf = (row: OnceOffPage['items'][number]): UserDonation => row.donation;
const recurrenceOf = (row: RecurringPage['items'][number]): Recurrence => row.donationScheduler.recurrence;

/** GET /donations/user/once-off?pageSize=5&pageNo= */
export const loadOnceOffDonations = pageLoader(
  $onceOffDonations,
  (pageNo) => getUserOnceOffDonations(pageNo, PAGE_SIZES.userDonations),
  (state, page) => withPage(state, page, onceOffOf),
  'once-off donations',
);

/** GET /donations/user/recurring?pageSize=5&pageNo= */
export const loadRecurringDonations = pageLoader(
  $recurringDonations,
  (pageNo) => getUserRecurringDonations(pageNo, PAGE_SIZES.userDonations),
  (state, page) => withPage(state, page, recurrenceOf),
  'monthly donations',
);

/** GET /donationsscheduler/{id}/charges?pageSize=5&pageNo=: one list per monthly donation, made when first opened. */
export function recurringCharges(schedulerId: string): ChargeList {
  let list = chargeLists.get(schedulerId);
  if (!list) {
    const store = map<PagedList<UserDonation>>(emptyPagedList());
    const load = pageLoader(
      store,
      (pageNo) => getRecurringCharges(schedulerId, pageNo, PAGE_SIZES.userDonations),
      (state, page) => withPage(state, page, onceOffOf),
      'payments',
    );
    list = { store, load };
    chargeLists.set(schedulerId, list);
  }
  return list;
}

/** SPEC §4: 'Donation cancelled' when the answered status is a cancelled one, else 'Donation updated'. */
export function recurringUpdateMessage(status: number | null | undefined): string {
  return isCancelledStatus(status) ? DONATION_CANCELLED : DONATION_UPDATED;
}

export type RecurringUpdateOutcome =
  | { ok: true; recurrence: Recurrence }
  | { ok: false; fieldErrors: FieldErrors | null };

/**
 * PATCH /donationsscheduler/{id}; the answered schedule replaces its row, and a toast says what happened.
 * `byToken`: `id` is the schedule's token from the donor's mail (a guest manages it without an account).
 */
async function updateRecurring(
  id: string,
  change: RecurringChange,
  byToken: boolean,
): Promise<RecurringUpdateOutcome> {
  try {
    const body = await updateRecurringDonation(id, change, byToken);
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

/** The donor cancels: `{ donationSchedulerStatus: 4 }` (CanceledAtManage); by id, or by the mail's token. */
export function cancelRecurring(id: string, byToken = false): Promise<RecurringUpdateOutcome> {
  return updateRecurring(id, { donationSchedulerStatus: DonationStatus.CanceledAtManage }, byToken);
}

/** The donor changes the monthly amount, duration or deduction day; by id, or by the mail's token. */
export function changeRecurring(
  id: string,
  change: ScheduleChange,
  byToken = false,
): Promise<RecurringUpdateOutcome> {
  return updateRecurring(id, change, byToken);
}
