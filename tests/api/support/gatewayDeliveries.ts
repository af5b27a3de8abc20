import { expect } from 'vitest';
import { OZOW_NOTIFICATION_HASH_ORDER } from '~/lib/server/payments/ozowHash';
import { send } from './accounts';
import type { DonationData } from './donations';
import { baseUrl, page } from './http';
import { checkout, choose, formOf, itns, NOTIFY_PATH, resigned } from './payfast';

/**
 * The gateways' side of the money stress test: each payment is made at the simulator, and its
 * notification can then be posted to our notify endpoint as often and as late as the test
 * likes, as a gateway retrying (or a network repeating) would.
 */

const urlEncoded = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const pathOf = (url: string): string => {
  const u = new URL(url, baseUrl);
  return u.pathname + u.search;
};

/**
 * Pays (or fails) a PayFast checkout at the simulator without letting it deliver the ITN: the
 * checkout is signed again with an empty notify_url (as a merchant who knows the passphrase
 * could), so the simulator only records the ITN, and the test delivers it. `amount` pays
 * another amount than was asked. Returns the donation's reference.
 */
export async function payfastWithoutDelivery(
  donation: DonationData,
  choice: 'pay' | 'fail',
  amount?: string,
): Promise<string> {
  const form = formOf(donation);
  const fields = resigned(form.fields, { notify_url: '', ...(amount ? { amount } : {}) });
  const opened = await checkout(form.action, fields);
  expect(opened.status, opened.html.slice(0, 300)).toBe(200);
  if (!opened.id) throw new Error('no checkout id on the simulator page');
  await choose(opened.id, choice);
  return donation.transactionInfo.referenceNumber;
}

/** The recorded ITN bodies by our reference (m_payment_id); the simulator keeps its last 500. */
export async function itnBodiesByReference(): Promise<Map<string, string[]>> {
  const byReference = new Map<string, string[]>();
  for (const itn of await itns()) {
    const reference = new Map(itn.fields).get('m_payment_id') ?? '';
    byReference.set(reference, [...(byReference.get(reference) ?? []), itn.body]);
  }
  return byReference;
}

/** Posts an ITN body to our notify endpoint, as PayFast does; the answer must be 200. */
export async function deliverItn(body: string): Promise<void> {
  const response = await fetch(`${baseUrl}${NOTIFY_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  await response.arrayBuffer();
  expect(response.status).toBe(200);
}

/** What Ozow's redirect and notification carry: the hashed fields, then the hash. */
const OZOW_FIELDS = [...OZOW_NOTIFICATION_HASH_ORDER, 'Hash'];

/**
 * Opens the Ozow bank page and presses `button`: the simulator notifies us itself. Returns
 * the notification's fields (the redirect carries them, hash included) to send again.
 */
export async function ozowPress(
  donation: DonationData,
  button: 'pay' | 'cancel' | 'fail',
): Promise<Record<string, string>> {
  const form = formOf(donation);
  const bank = await page(pathOf(form.action), urlEncoded(form.fields));
  expect(bank.status, bank.html.slice(0, 300)).toBe(200);
  const action = bank.html.match(/action="(\/sandbox\/ozow\/transactions\/[^"]+)"/)?.[1];
  if (!action) throw new Error(`no bank form in ${bank.html.slice(0, 300)}`);
  const pressed = await page(action, urlEncoded({ action: button }));
  expect(pressed.status).toBe(303);
  const back = new URL(pressed.headers.get('location') ?? '');
  return Object.fromEntries(OZOW_FIELDS.map((name) => [name, back.searchParams.get(name) ?? '']));
}

export async function deliverOzow(fields: Record<string, string>): Promise<void> {
  const answer = await page('/api/v1/payments/ozow/notify', urlEncoded(fields));
  expect(answer.status).toBe(200);
}

/** The PayPal approve page's button; returns our return link (Pay) or the cancel link. */
export async function paypalDecide(donation: DonationData, action: 'pay' | 'cancel'): Promise<string> {
  const res = await page(
    '/sandbox/paypal/checkoutnow',
    urlEncoded({ token: donation.orderId ?? '', action }),
  );
  expect(res.status).toBe(303);
  return res.headers.get('location') ?? '';
}

/** The donor's browser lands on our return link (again, on a reload): we capture and book. */
export async function paypalReturn(returnUrl: string): Promise<void> {
  const res = await page(pathOf(returnUrl));
  expect(res.status).toBe(303);
}

/** Staff mark an EFT donation received; a repeat answers 200 (already booked) or 409. */
export async function eftReceived(donation: DonationData, adminToken: string): Promise<number> {
  const res = await send(
    'POST',
    `/api/v1/donations/${donation.id}/eft-received`,
    { amount: donation.transactionInfo.amount },
    adminToken,
  );
  expect([200, 409], res.text).toContain(res.status);
  return res.status;
}
