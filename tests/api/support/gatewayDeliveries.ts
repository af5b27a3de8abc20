import { expect } from 'vitest';
import { OZOW_NOTIFICATION_HASH_ORDER } from '~/lib/server/payments/ozowHash';
import { snapscanAuthorizationHeader } from '~/lib/server/payments/snapscanSignature';
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

/**
 * How the money stress test makes one gift's payment at a gateway's simulator and sends back what
 * the gateway sends us (its notification, or the browser's return). `send` may be called more
 * than once, at once or later: the payment is made by the first call only, and every call then
 * delivers the notification or return again, as a gateway retrying or a donor reloading would.
 * `repeats` is false when the gateway sends nothing back that could come again.
 */
export interface StressPayment {
  send: () => Promise<unknown>;
  repeats: boolean;
}

/** A payment made once, then `deliver` run with what it gave on every send. */
function madeOnce<T>(
  make: () => Promise<T>,
  deliver: (made: T) => Promise<unknown>,
  repeats = true,
): StressPayment {
  let made: Promise<T> | undefined;
  return {
    send: async () => {
      made ??= make();
      return deliver(await made);
    },
    repeats,
  };
}

/** Where iVeri sends the browser after the card page's `button`; `lessCents` pays that much less. */
export async function iveriPress(
  donation: DonationData,
  button: 'pay' | 'cancel' | 'fail',
  lessCents = 0,
): Promise<string> {
  const form = formOf(donation);
  const amount = String(Number(form.fields.Lite_Order_Amount) - lessCents);
  const fields = lessCents
    ? { ...form.fields, Lite_Order_Amount: amount, Lite_Order_LineItems_Amount_1: amount }
    : form.fields;
  const card = await page(pathOf(form.action), urlEncoded(fields));
  expect(card.status, card.html.slice(0, 300)).toBe(200);
  const action = card.html.match(/action="(\/sandbox\/iveri\/transactions\/[^"]+)"/)?.[1];
  if (!action) throw new Error(`no card form in ${card.html.slice(0, 300)}`);
  const pressed = await page(action, urlEncoded({ action: button }));
  expect(pressed.status).toBe(303);
  return pressed.headers.get('location') ?? '';
}

/** The browser lands on the payment-capture page (again, on a reload): it asks iVeri and books. */
export async function iveriReturn(back: string): Promise<void> {
  const res = await page(pathOf(back));
  expect(res.status, res.html.slice(0, 300)).toBe(200);
}

/** The simulator's defaults (src/lib/server/platform/env.ts), which the server under test uses. */
const SNAPSCAN_API_KEY = 'sandbox-api-key';
const SNAPSCAN_WEBHOOK_AUTH_KEY = 'sandbox-webhook-auth-key';

/** Presses a button on the SnapScan app's screen that the donation's link opens (Pay and Fail post the webhook). */
export async function snapscanPress(
  donation: DonationData,
  button: 'pay' | 'cancel' | 'fail',
  lessCents = 0,
): Promise<void> {
  const link = new URL(donation.transactionInfo.paymentUrl ?? '');
  if (lessCents) link.searchParams.set('amount', String(Number(link.searchParams.get('amount')) - lessCents));
  const res = await page(pathOf(link.href), urlEncoded({ action: button }));
  expect(res.status, res.html.slice(0, 300)).toBe(200);
}

/** SnapScan's webhook for each payment it holds under the donation's reference, posted again (signed). */
export async function snapscanWebhookAgain(donation: DonationData): Promise<void> {
  const listed = await fetch(
    `${baseUrl}/sandbox/snapscan/merchant/api/v1/payments?merchantReference=${encodeURIComponent(donation.transactionInfo.referenceNumber)}`,
    { headers: { Authorization: `Basic ${Buffer.from(`${SNAPSCAN_API_KEY}:`).toString('base64')}` } },
  );
  expect(listed.status).toBe(200);
  for (const payment of (await listed.json()) as object[]) {
    const body = new URLSearchParams({ payload: JSON.stringify(payment) }).toString();
    const res = await page('/api/v1/payments/snapscan/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: snapscanAuthorizationHeader(body, SNAPSCAN_WEBHOOK_AUTH_KEY),
      },
      body,
    });
    expect(res.status).toBe(200);
  }
}

/** A button on PayPal's card page ('decline' leaves the order open); returns where the browser goes. */
async function paypalCardDecide(
  donation: DonationData,
  action: 'pay' | 'cancel' | 'decline',
): Promise<string> {
  const res = await page(
    '/sandbox/paypal/checkoutnow',
    urlEncoded({ token: donation.orderId ?? '', action }),
  );
  expect(res.status).toBe(303);
  return res.headers.get('location') ?? '';
}

/**
 * The money stress test's payments by gateway, for the methods that joined after PayFast, Ozow,
 * PayPal and EFT (those are driven in the test itself). To add a method: a Gateway name and its
 * counts in support/moneyStress.ts, and its entry here. Paysoft's debit orders (7) and SnapScan's
 * poster payments make no donation by form: debitOrderResult and posterPayment below drive them.
 */
export const STRESS_PAYMENTS: Readonly<
  Record<'iveri' | 'paypalCard' | 'snapscan', (donation: DonationData, outcome: string) => StressPayment>
> = {
  // iVeri sends no notification: every return to the capture page asks Query Transaction Status.
  iveri: (donation, outcome) => {
    const button = outcome === 'failed' ? 'fail' : outcome === 'cancelled' ? 'cancel' : 'pay';
    return madeOnce(() => iveriPress(donation, button, outcome === 'wrongAmount' ? 100 : 0), iveriReturn);
  },
  // PayPal's card page: the return captures (a reload captures again); PayPal's webhook for the
  // capture arrives on its own. A declined card leaves the order open: a return by hand books nothing.
  paypalCard: (donation, outcome) => {
    if (outcome === 'cancelled')
      return madeOnce(
        () => paypalCardDecide(donation, 'cancel'),
        async () => undefined,
        false,
      );
    if (outcome === 'failed')
      return madeOnce(
        () => paypalCardDecide(donation, 'decline'),
        () => paypalReturn(`${baseUrl}/api/v1/payments/paypal/return?token=${donation.orderId ?? ''}`),
      );
    return madeOnce(() => paypalCardDecide(donation, 'pay'), paypalReturn);
  },
  // The app's Pay and Fail post the webhook themselves; every send posts SnapScan's webhook again.
  snapscan: (donation, outcome) => {
    if (outcome === 'cancelled')
      return madeOnce(
        () => snapscanPress(donation, 'cancel'),
        async () => undefined,
        false,
      );
    const button = outcome === 'failed' ? 'fail' : 'pay';
    return madeOnce(
      () => snapscanPress(donation, button, outcome === 'wrongAmount' ? 100 : 0),
      () => snapscanWebhookAgain(donation),
    );
  },
};

/** The Paysoft simulator's page (/sandbox/paysoft): its clock and its result buttons. */
async function paysoftSandbox(fields: Record<string, string>): Promise<void> {
  const res = await page('/sandbox/paysoft', urlEncoded(fields));
  expect(res.status, res.html.slice(0, 300)).toBe(200);
}

/** The simulator's clock: our server submits every debit order due on `date` (YYYY-MM-DD). */
export const paysoftCollect = (date: string): Promise<void> => paysoftSandbox({ action: 'collect', date });

/** Paysoft's callback for a batch, as Paysoft (or anyone) posts it: we read the results back from Paysoft. */
export async function paysoftCallback(uniqueId: string): Promise<void> {
  const request = `<APIDebitOrderCallback><UniqueId>${uniqueId}</UniqueId></APIDebitOrderCallback>`;
  const res = await page('/api/v1/payments/paysoft/callback', urlEncoded({ request }));
  expect(res.status).toBe(200);
}

/**
 * A debit order month's result at Paysoft: a person presses the result at the simulator (which
 * posts the callback); Reversed is pressed Paid first, then Reversed, as a bank takes a paid debit
 * back. Every send posts Paysoft's callback for the month's batch (its UniqueId is the charge's
 * reference) again.
 */
export function debitOrderResult(reference: string, result: string): StressPayment {
  return madeOnce(
    async () => {
      for (const status of result === 'Reversed' ? ['Paid', 'Reversed'] : [result])
        await paysoftSandbox({ action: 'result', reference, status });
    },
    () => paysoftCallback(reference),
  );
}

/** The SnapScan app's screen for a campaign poster's code (`?id=LTP-{campaign id}`, no amount). */
const posterPath = (campaignId: string): string =>
  `/sandbox/snapscan/qr/letsema-sandbox?${new URLSearchParams({ id: `LTP-${campaignId}` })}`;

/**
 * A payment with a campaign poster's SnapScan code: the payer types the amount (and maybe a
 * reference) and presses a button; Pay and Fail post the webhook themselves. Every send posts
 * SnapScan's webhook for that payment (told apart by its amount) again, signed.
 */
export function posterPayment(
  campaignId: string,
  planned: { amountCents: number; outcome: 'paid' | 'failed' | 'cancelled'; payerReference: string },
): StressPayment {
  const action = planned.outcome === 'paid' ? 'pay' : planned.outcome === 'failed' ? 'fail' : 'cancel';
  const make = async (): Promise<void> => {
    const res = await page(
      posterPath(campaignId),
      urlEncoded({
        action,
        amount: (planned.amountCents / 100).toFixed(2),
        userReference: planned.payerReference,
      }),
    );
    expect(res.status, res.html.slice(0, 300)).toBe(200);
  };
  if (planned.outcome === 'cancelled') return madeOnce(make, async () => undefined, false);
  return madeOnce(make, async () => {
    const listed = await fetch(
      `${baseUrl}/sandbox/snapscan/merchant/api/v1/payments?merchantReference=LTP-${campaignId}`,
      { headers: { Authorization: `Basic ${Buffer.from(`${SNAPSCAN_API_KEY}:`).toString('base64')}` } },
    );
    expect(listed.status).toBe(200);
    const mine = ((await listed.json()) as { totalAmount: number }[]).filter(
      (p) => p.totalAmount === planned.amountCents,
    );
    expect(mine).toHaveLength(1);
    const body = new URLSearchParams({ payload: JSON.stringify(mine[0]) }).toString();
    const res = await page('/api/v1/payments/snapscan/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: snapscanAuthorizationHeader(body, SNAPSCAN_WEBHOOK_AUTH_KEY),
      },
      body,
    });
    expect(res.status).toBe(200);
  });
}
