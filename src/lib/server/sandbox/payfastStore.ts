import { jsonState } from './jsonState';

/**
 * What the PayFast simulator remembers: checkouts waiting for Pay/Cancel/Fail, the ITNs it
 * sent (for `/eng/query/validate` and for tests), and the subscriptions it holds. Kept in
 * memory and written to DATA_DIR/sandbox/payfast.json, so a restart keeps subscriptions.
 */

export interface SandboxCheckout {
  id: string;
  /** The posted checkout fields, signature included. */
  fields: Record<string, string>;
  createdAt: string;
}

export interface SandboxItn {
  pfPaymentId: string;
  sentAt: string;
  notifyUrl: string;
  /** The ITN fields in the order posted, signature last. */
  fields: Array<[string, string]>;
  /** The form-encoded body as posted, to replay it. */
  body: string;
  /** HTTP status of the notify URL's answer, or the error when it could not be reached. */
  delivery: number | string;
}

export type SandboxSubscriptionStatus = 'ACTIVE' | 'CANCELLED' | 'COMPLETE';

export interface SandboxSubscription {
  token: string;
  merchantId: string;
  mPaymentId: string;
  itemName: string;
  notifyUrl: string;
  nameFirst: string;
  nameLast: string;
  emailAddress: string;
  /** Each later charge, in cents. */
  amountCents: number;
  /** Charges in all, the first included; 0 = until cancelled. */
  cycles: number;
  cyclesComplete: number;
  frequency: number;
  /** The next charge, YYYY-MM-DD. */
  runDate: string;
  status: SandboxSubscriptionStatus;
  createdAt: string;
}

interface SandboxState {
  checkouts: Record<string, SandboxCheckout>;
  itns: SandboxItn[];
  subscriptions: Record<string, SandboxSubscription>;
}

/**
 * Old checkouts and ITNs are dropped past these counts: the simulator is not an archive, and it
 * rewrites its whole file on each change. The server validates every ITN against this list, so it
 * holds more than a busy run sends at once (the API suite's money-stress file alone records
 * hundreds while other files pay beside it).
 */
const MAX_CHECKOUTS = 500;
const MAX_ITNS = 1500;

const store = jsonState<SandboxState>('payfast', () => ({ checkouts: {}, itns: [], subscriptions: {} }));
const load = (): SandboxState => store.get();

function save(): void {
  const s = load();
  const checkoutIds = Object.keys(s.checkouts);
  for (const id of checkoutIds.slice(0, Math.max(0, checkoutIds.length - MAX_CHECKOUTS)))
    delete s.checkouts[id];
  if (s.itns.length > MAX_ITNS) s.itns.splice(0, s.itns.length - MAX_ITNS);
  store.save();
}

export function putCheckout(checkout: SandboxCheckout): void {
  load().checkouts[checkout.id] = checkout;
  save();
}

/** The checkout, removed: each is paid, failed or cancelled once. */
export function takeCheckout(id: string): SandboxCheckout | null {
  const s = load();
  const checkout = s.checkouts[id];
  if (!checkout) return null;
  delete s.checkouts[id];
  save();
  return checkout;
}

export function addItn(itn: SandboxItn): void {
  load().itns.push(itn);
  save();
}

/** ITNs sent, newest first. */
export function listItns(): SandboxItn[] {
  return [...load().itns].reverse();
}

export function getSubscription(token: string): SandboxSubscription | null {
  return load().subscriptions[token] ?? null;
}

export function putSubscription(subscription: SandboxSubscription): void {
  load().subscriptions[subscription.token] = subscription;
  save();
}
