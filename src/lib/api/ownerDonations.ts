import type { OwnerDonationPage, ThankDonorsResult } from '~/lib/contracts/donations';
import type { ThankDonorsInput } from '~/lib/schemas/thankDonors';
import { api, type Envelope } from './index';

/**
 * Who gave (docs/api/donations.md): a campaign's or an organisation's counted donations, their
 * CSV (a blob: the download needs the bearer) and the campaign team's thank-you.
 */

export type { OwnerDonation, OwnerDonationPage, OwnerDonationTotals } from '~/lib/contracts/donations';

/** Whose donations: a campaign's (its team) or an organisation's (its Owners and Admins). */
export interface DonorsOf {
  kind: 'campaigns' | 'organizations';
  id: string;
}

const base = ({ kind, id }: DonorsOf): string => `${kind}/${encodeURIComponent(id)}/donations`;

export const getOwnerDonations = (
  of: DonorsOf,
  pageNo: number,
  pageSize: number,
): Promise<Envelope<OwnerDonationPage>> =>
  api.get(base(of), { searchParams: { pageNo: String(pageNo), pageSize: String(pageSize) } }).json();

export const getOwnerDonationsCsv = (of: DonorsOf): Promise<Blob> => api.get(`${base(of)}.csv`).blob();

export const thankDonors = (
  campaignId: string,
  input: ThankDonorsInput,
): Promise<Envelope<ThankDonorsResult>> =>
  api.post(`${base({ kind: 'campaigns', id: campaignId })}/thank`, { json: input }).json();
