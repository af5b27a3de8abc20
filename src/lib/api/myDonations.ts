import type * as v from 'valibot';
import type {
  DonationDetail,
  OnceOffPage,
  Recurrence,
  RecurrenceDetail,
  RecurringChargesPage,
  RecurringPage,
} from '~/lib/contracts/donations';
import type { recurringScheduleSchema } from '~/lib/schemas/donation';
import { api, type Envelope, publicApi } from './index';

/**
 * Typed calls of the donations contract (docs/api/donations.md) for the pages
 * after paying: the /thanks page (a donation or a monthly donation by its
 * token) and My Donations
 * (the user's once-off and recurring lists, changing or cancelling a recurring
 * donation). They resolve to the success envelope and reject with the
 * clients' errors (SPEC §8 rules already applied by src/lib/api/client.ts).
 */

// The wire shapes live in ~/lib/contracts (shared with the server views); the islands import them from here.
export type { DonationBankingDetails, Recurrence, UserDonation } from '~/lib/contracts/donations';

/** Amount, term and deduction day: the fields recurringScheduleSchema checks, as numbers. */
export type ScheduleChange = Record<keyof v.InferInput<ReturnType<typeof recurringScheduleSchema>>, number>;

/** Cancel (`donationSchedulerStatus: 4`) or change amount, term and deduction day. */
export type RecurringChange = { donationSchedulerStatus: number } | ScheduleChange;

const pageQuery = (pageNo: number, pageSize: number) => ({
  searchParams: { pageSize: String(pageSize), pageNo: String(pageNo) },
});

/** The donation a receipt token names (no sign-in: holding the token is the donor's authority). */
export const getDonationByToken = (token: string): Promise<Envelope<DonationDetail>> =>
  publicApi.get(`donations/list/${encodeURIComponent(token)}`).json();

/** A monthly donation by its scheduler token: /thanks for a PayFast subscription (no sign-in either). */
export const getRecurrenceByToken = (token: string): Promise<Envelope<RecurrenceDetail>> =>
  publicApi.get(`donationsscheduler/${encodeURIComponent(token)}`).json();

export const getUserOnceOffDonations = (pageNo: number, pageSize: number): Promise<Envelope<OnceOffPage>> =>
  api.get('donations/user/once-off', pageQuery(pageNo, pageSize)).json();

export const getUserRecurringDonations = (
  pageNo: number,
  pageSize: number,
): Promise<Envelope<RecurringPage>> =>
  api.get('donations/user/recurring', pageQuery(pageNo, pageSize)).json();

/** A monthly donation's charges, newest first (the signed-in donor, by the schedule's id). */
export const getRecurringCharges = (
  id: string,
  pageNo: number,
  pageSize: number,
): Promise<Envelope<RecurringChargesPage>> =>
  api.get(`donationsscheduler/${encodeURIComponent(id)}/charges`, pageQuery(pageNo, pageSize)).json();

/**
 * `PATCH /donationsscheduler/{id}`: by the schedule's id for its signed-in donor, or (`byToken`)
 * by its scheduler token for whoever holds the mail's link, a guest included (no sign-in).
 */
export const updateRecurringDonation = (
  id: string,
  change: RecurringChange,
  byToken = false,
): Promise<Envelope<Recurrence>> =>
  (byToken ? publicApi : api).patch(`donationsscheduler/${encodeURIComponent(id)}`, { json: change }).json();
