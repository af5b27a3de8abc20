import { randomInt, randomUUID } from 'node:crypto';
import {
  orderPayfastFields,
  PAYFAST_CHECKOUT_FIELD_ORDER,
  type PayfastCheckoutRecord,
  payfastItnSignature,
  verifyPayfastSignature,
} from '~/lib/server/payments/payfastSignature';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import {
  addItn,
  getSubscription,
  listItns,
  putCheckout,
  putSubscription,
  type SandboxCheckout,
  type SandboxItn,
  type SandboxSubscription,
  takeCheckout,
} from './payfastStore';
import { isOwnUrl, notOwnUrlMessage } from './sandboxHttp';

/**
 * The PayFast simulator (DESIGN §6): speaks PayFast's hosted-checkout and ITN protocol so
 * the real adapter (payments/payfast.ts) runs unchanged against it. Only under
 * /sandbox, and only when env.payments.sandboxEnabled.
 */

const KNOWN_FIELDS = new Set<string>([...PAYFAST_CHECKOUT_FIELD_ORDER, 'signature']);
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** PayFast's smallest card payment. */
const MIN_AMOUNT_CENTS = 500;
const DELIVERY_TIMEOUT_MS = 10_000;

const toCentsText = (amount: string): number => Math.round(Number(amount) * 100);
const randText = (cents: number): string => (cents / 100).toFixed(2);

/** What the checkout page shows. */
export interface CheckoutSummary {
  id: string;
  merchantId: string;
  itemName: string;
  itemDescription: string;
  amount: string;
  subscription: { recurringAmount: string; cycles: number; billingDate: string; frequency: number } | null;
}

export type CheckoutCheck = { ok: true; summary: CheckoutSummary } | { ok: false; error: string };

/** Posted form fields (first value of each name), in the order posted. */
export function formFields(form: FormData | URLSearchParams): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  const seen = new Set<string>();
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string' || seen.has(name)) continue;
    seen.add(name);
    fields.push([name, value]);
  }
  return fields;
}

function checkFields(fields: Record<string, string>): string | null {
  const config = env.payments.payfast;
  const unknown = Object.keys(fields).find((name) => !KNOWN_FIELDS.has(name));
  if (unknown) return `Unknown field: ${unknown}`;
  if (fields.merchant_id !== config.merchantId || fields.merchant_key !== config.merchantKey)
    return 'Merchant is invalid: the merchant id or key does not match.';
  const signed = orderPayfastFields(fields as PayfastCheckoutRecord);
  if (!verifyPayfastSignature(signed, fields.signature, config.passphrase))
    return 'Generated signature does not match submitted signature.';
  const amount = fields.amount ?? '';
  if (!AMOUNT.test(amount) || toCentsText(amount) < MIN_AMOUNT_CENTS)
    return 'The amount must be at least R 5.00.';
  if (!fields.item_name?.trim()) return 'The item name is required.';
  for (const name of ['return_url', 'cancel_url', 'notify_url'])
    if (fields[name] && !isOwnUrl(fields[name])) return notOwnUrlMessage(name);
  return fields.subscription_type === undefined ? null : checkSubscription(fields, config.passphrase);
}

/** A subscription's own fields, as PayFast checks them. */
function checkSubscription(fields: Record<string, string>, passphrase: string): string | null {
  if (fields.subscription_type !== '1') return 'Only subscription_type 1 (a subscription) is supported.';
  if (!passphrase.trim()) return 'A passphrase is required for subscriptions.';
  if (!DATE.test(fields.billing_date ?? '')) return 'The billing date must be YYYY-MM-DD.';
  const recurring = fields.recurring_amount ?? '';
  if (!AMOUNT.test(recurring) || toCentsText(recurring) < MIN_AMOUNT_CENTS)
    return 'The recurring amount must be at least R 5.00.';
  if (!/^[1-6]$/.test(fields.frequency ?? '')) return 'The frequency must be 1 to 6.';
  if (!/^\d{1,3}$/.test(fields.cycles ?? ''))
    return 'The cycles must be a whole number (0 = until cancelled).';
  return null;
}

function summaryOf(checkout: SandboxCheckout): CheckoutSummary {
  const f = checkout.fields;
  return {
    id: checkout.id,
    merchantId: f.merchant_id ?? '',
    itemName: f.item_name ?? '',
    itemDescription: f.item_description ?? '',
    amount: randText(toCentsText(f.amount ?? '0')),
    subscription:
      f.subscription_type === '1'
        ? {
            recurringAmount: randText(toCentsText(f.recurring_amount ?? '0')),
            cycles: Number(f.cycles),
            billingDate: f.billing_date ?? '',
            frequency: Number(f.frequency),
          }
        : null,
  };
}

/** `POST /eng/process`: checks the checkout as PayFast does and keeps it for the donor's choice. */
export function startCheckout(posted: Array<[string, string]>): CheckoutCheck {
  const fields = Object.fromEntries(posted);
  const error = checkFields(fields);
  if (error) return { ok: false, error };
  const checkout: SandboxCheckout = { id: randomUUID(), fields, createdAt: new Date().toISOString() };
  putCheckout(checkout);
  return { ok: true, summary: summaryOf(checkout) };
}

/** A payment id in PayFast's style (a number) that this simulator has not used. */
function newPaymentId(): string {
  return String(randomInt(1_000_000, 2_000_000_000));
}

function fee(grossCents: number): number {
  // Roughly PayFast's card fee: 3.2 % plus R 2.00, VAT included.
  return Math.round((grossCents * 0.032 + 200) * 1.15);
}

interface ItnInput {
  notifyUrl: string;
  status: 'COMPLETE' | 'FAILED' | 'CANCELLED';
  mPaymentId: string;
  itemName: string;
  itemDescription?: string;
  grossCents: number;
  nameFirst: string;
  nameLast: string;
  emailAddress: string;
  custom?: Record<string, string>;
  subscription?: { token: string; billingDate: string };
}

/** Builds, signs and posts an ITN as PayFast does, and remembers it for `/eng/query/validate`. */
async function sendItn(input: ItnInput): Promise<SandboxItn> {
  const feeCents = input.status === 'COMPLETE' ? fee(input.grossCents) : 0;
  const custom = input.custom ?? {};
  const fields: Array<[string, string]> = [
    ['m_payment_id', input.mPaymentId],
    ['pf_payment_id', newPaymentId()],
    ['payment_status', input.status],
    ['item_name', input.itemName],
    ['item_description', input.itemDescription ?? ''],
    ['amount_gross', randText(input.grossCents)],
    ['amount_fee', randText(-feeCents)],
    ['amount_net', randText(input.grossCents - feeCents)],
  ];
  for (const name of ['custom_str1', 'custom_str2', 'custom_str3', 'custom_str4', 'custom_str5'])
    fields.push([name, custom[name] ?? '']);
  for (const name of ['custom_int1', 'custom_int2', 'custom_int3', 'custom_int4', 'custom_int5'])
    fields.push([name, custom[name] ?? '']);
  fields.push(
    ['name_first', input.nameFirst],
    ['name_last', input.nameLast],
    ['email_address', input.emailAddress],
    ['merchant_id', env.payments.payfast.merchantId],
  );
  if (input.subscription)
    fields.push(['token', input.subscription.token], ['billing_date', input.subscription.billingDate]);
  fields.push(['signature', payfastItnSignature(fields, env.payments.payfast.passphrase)]);
  const body = new URLSearchParams(fields).toString();
  const itn: SandboxItn = {
    pfPaymentId: fields[1]?.[1] ?? '',
    sentAt: new Date().toISOString(),
    notifyUrl: input.notifyUrl,
    fields,
    body,
    delivery: 'not sent',
  };
  // Remembered before it is posted: the receiver confirms it with /eng/query/validate at once.
  addItn(itn);
  if (input.notifyUrl) {
    try {
      const response = await fetch(input.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      itn.delivery = response.status;
    } catch (error) {
      itn.delivery = error instanceof Error ? error.message : String(error);
      log.warn(
        { area: 'sandbox', gateway: 'payfast', pfPaymentId: itn.pfPaymentId, err: error },
        'Simulated ITN not delivered',
      );
    }
  }
  return itn;
}

export type CheckoutChoice = 'pay' | 'fail' | 'cancel';

const customOf = (f: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(f).filter(([name]) => name.startsWith('custom_')));

/**
 * The donor's choice on the checkout page. Pay and Fail send the ITN (awaited, so it has
 * arrived before the browser is back on the merchant's site) and return to return_url;
 * Cancel returns to cancel_url with no ITN, as PayFast does. Returns where to send the
 * browser, or null when the checkout is unknown or already used.
 */
export async function completeCheckout(id: string, choice: CheckoutChoice): Promise<string | null> {
  const checkout = takeCheckout(id);
  if (!checkout) return null;
  const f = checkout.fields;
  const home = env.publicUrl;
  if (choice === 'cancel') return f.cancel_url || home;

  const field = (name: string): string => f[name] ?? '';
  const token = f.subscription_type === '1' && choice === 'pay' ? randomUUID() : undefined;
  if (token) putSubscription(subscriptionOf(field, token));
  await sendItn({
    notifyUrl: field('notify_url'),
    status: choice === 'pay' ? 'COMPLETE' : 'FAILED',
    mPaymentId: field('m_payment_id'),
    itemName: field('item_name'),
    itemDescription: field('item_description'),
    grossCents: toCentsText(f.amount ?? '0'),
    nameFirst: field('name_first'),
    nameLast: field('name_last'),
    emailAddress: field('email_address'),
    custom: customOf(f),
    ...(token ? { subscription: { token, billingDate: field('billing_date') } } : {}),
  });
  return f.return_url || home;
}

/** The subscription a paid subscribing checkout starts: its first cycle is the checkout's own charge. */
function subscriptionOf(field: (name: string) => string, token: string): SandboxSubscription {
  const cycles = Number(field('cycles') || 0);
  return {
    token,
    merchantId: field('merchant_id'),
    mPaymentId: field('m_payment_id'),
    itemName: field('item_name'),
    notifyUrl: field('notify_url'),
    nameFirst: field('name_first'),
    nameLast: field('name_last'),
    emailAddress: field('email_address'),
    amountCents: toCentsText(field('recurring_amount') || '0'),
    cycles,
    cyclesComplete: 1,
    frequency: Number(field('frequency') || 3),
    runDate: field('billing_date'),
    status: cycles === 1 ? 'COMPLETE' : 'ACTIVE',
    createdAt: new Date().toISOString(),
  };
}

const canonical = (fields: Iterable<readonly [string, string]>): string =>
  new URLSearchParams(
    [...fields].filter(([name]) => name !== 'signature').map(([n, v]) => [n, v] as [string, string]),
  ).toString();

/** `POST /eng/query/validate`: VALID when the posted parameters are an ITN this simulator sent. */
export function validateItn(postedBody: string): 'VALID' | 'INVALID' {
  const posted = new URLSearchParams(postedBody);
  const id = posted.get('pf_payment_id');
  if (!id) return 'INVALID';
  const wanted = canonical(posted);
  const sent = listItns().find((itn) => itn.pfPaymentId === id);
  return sent && canonical(sent.fields) === wanted ? 'VALID' : 'INVALID';
}

export { listItns };

/** The month after a YYYY-MM-DD date, same day (the simulator only bills monthly). */
function nextMonth(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(Date.UTC(y, m, Math.min(d, 28))).toISOString().slice(0, 10);
}

export type SandboxChargeResult =
  | { ok: true; itn: SandboxItn; subscription: SandboxSubscription }
  | { ok: false; status: 404 | 400; message: string };

/** Sandbox only: bills a subscription's next cycle now, sending its ITN. */
export async function chargeSubscription(token: string): Promise<SandboxChargeResult> {
  const subscription = getSubscription(token);
  if (!subscription) return { ok: false, status: 404, message: 'Subscription not found.' };
  if (subscription.status !== 'ACTIVE')
    return { ok: false, status: 400, message: `Subscription is ${subscription.status.toLowerCase()}.` };
  const billingDate = subscription.runDate;
  subscription.cyclesComplete += 1;
  subscription.runDate = nextMonth(subscription.runDate);
  if (subscription.cycles > 0 && subscription.cyclesComplete >= subscription.cycles)
    subscription.status = 'COMPLETE';
  putSubscription(subscription);
  const itn = await sendItn({
    notifyUrl: subscription.notifyUrl,
    status: 'COMPLETE',
    mPaymentId: subscription.mPaymentId,
    itemName: subscription.itemName,
    grossCents: subscription.amountCents,
    nameFirst: subscription.nameFirst,
    nameLast: subscription.nameLast,
    emailAddress: subscription.emailAddress,
    subscription: { token, billingDate },
  });
  return { ok: true, itn, subscription };
}

/** A subscription as PayFast's API shows it (`fetch`). */
export function subscriptionView(s: SandboxSubscription): Record<string, unknown> {
  const codes = { ACTIVE: 1, CANCELLED: 2, COMPLETE: 3 } as const;
  return {
    token: s.token,
    amount: s.amountCents,
    cycles: s.cycles,
    cycles_complete: s.cyclesComplete,
    frequency: s.frequency,
    run_date: s.runDate,
    status: codes[s.status],
    status_reason: '',
    status_text: s.status,
  };
}

export { getSubscription, putSubscription };
