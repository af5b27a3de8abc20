import type { RefundRequestState } from '~/lib/contracts/refunds';
import { api, type Envelope, publicApi } from './index';

/**
 * A donor's refund request (docs/api/refunds.md): by the donation's token on /thanks, or by its id
 * with the session on My Donations.
 */

export type { RefundRequestState, RefundRequestView } from '~/lib/contracts/refunds';

const clientFor = (signedIn: boolean) => (signedIn ? api : publicApi);
const pathOf = (key: string): string => `donations/${encodeURIComponent(key)}/refund-request`;

export const getRefundRequestState = (
  key: string,
  signedIn: boolean,
): Promise<Envelope<RefundRequestState>> => clientFor(signedIn).get(pathOf(key)).json();

export const sendRefundRequest = (
  key: string,
  reason: string,
  signedIn: boolean,
): Promise<Envelope<RefundRequestState>> =>
  clientFor(signedIn).post(pathOf(key), { json: { reason } }).json();
