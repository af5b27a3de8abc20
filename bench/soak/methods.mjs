// The soak's other payment methods (issue 24): donors who give by iVeri card, SnapScan or PayPal
// card, pay at the stand-in (bench/lib/moreGateways.mjs), then deliver what the gateway sends back
// until the server answers that it booked it, as the gateway (or the donor's browser) would retry:
// - iVeri: the browser's return to the payment-capture page, until it says the payment went through;
// - SnapScan: the signed webhook, until 200;
// - PayPal card: the browser's return (it captures), then PayPal's webhook for the capture, until 200.
// Each acknowledged booking goes into the journal as a notification of its gateway, so
// bench/soak/verify.mjs checks it like a PayFast ITN: booked once, under the gateway's id.
//
// Another method paid through a donation form is one more entry in METHODS: its paymentMethod,
// currency and campaign, and a `pay` that makes the payment and returns the gateway's id and a
// `deliver` to send again. The two without a form have loops of their own below:
// - Paysoft debit orders (runDebitOrders): monthly gifts set up by POST /donationsscheduler; a clock
//   runs the collections for the next due days in two processes at once (bench/soak/collectDebitOrders.ts), the
//   soak sets each submitted month's result at the stand-in (three paid, one unpaid) and delivers
//   Paysoft's callback until 200 (every other one twice); a paid month is journalled as a
//   notification of gateway 7, an unpaid one as `debitUnpaid` (its charge must end Rejected);
// - SnapScan poster payments (runPosterPayments): a payment to the campaign poster's reference at
//   the stand-in, whose signed webhook alone makes the donation, delivered until 200 (every other
//   one twice), journalled as a notification of gateway 5 under the donation's reference.
import { CAMPAIGN } from '../lib/routes.mjs';

/** A dollar campaign that takes PayPal by card (the demo seed's). */
const DOLLAR_CAMPAIGN = 'lindiwe-sithole-debut-album';
const MAX_ATTEMPTS = 600;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** src/lib/enums.ts PaymentGateway. */

/** Delivers a signed SnapScan webhook as SnapScan does; true once our server answered 200. */
async function sendSnapscanWebhook(client, server, webhook) {
  const answer = await client.send(`${server.baseUrl}/api/v1/payments/snapscan/webhook`, {
    method: 'POST',
    body: webhook.body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: webhook.authorization },
  });
  return answer.status === 200;
}
export const GATEWAY = { PayPal: 2, PayPalCard: 3, IVeri: 4, SnapScan: 5, Paysoft: 7 };

/**
 * @typedef {{ status: number, text?: string }} Answer
 * @typedef {{ baseUrl: string }} Server
 * @typedef {{ gateway: number, gatewayId: string, deliver: () => Promise<boolean> }} Paid
 */

export const METHODS = [
  {
    name: 'iveri',
    paymentMethod: GATEWAY.IVeri,
    currencyId: 1,
    campaign: CAMPAIGN,
    /** @returns {Paid} */
    pay({ server, client, gateways }, data) {
      const fields = data.transactionInfo.paymentForm.fields;
      const gatewayId = gateways.iveriPaid(fields.Lite_Merchant_Trace, Number(fields.Lite_Order_Amount));
      const back = new URL(fields.Lite_Website_Successful_Url);
      back.searchParams.set('Lite_Merchant_Trace', fields.Lite_Merchant_Trace);
      back.searchParams.set('Lite_Payment_Card_Status', '0');
      return {
        gateway: GATEWAY.IVeri,
        gatewayId,
        deliver: async () => {
          const answer = await client.send(`${server.baseUrl}${back.pathname}${back.search}`);
          return answer.status === 200 && answer.text.includes('data-status-family="success"');
        },
      };
    },
  },
  {
    name: 'snapscan',
    paymentMethod: GATEWAY.SnapScan,
    currencyId: 1,
    campaign: CAMPAIGN,
    pay({ server, client, gateways }, data) {
      const link = new URL(data.transactionInfo.paymentUrl);
      const webhook = gateways.snapscanPaid(
        link.searchParams.get('id'),
        Number(link.searchParams.get('amount')),
      );
      return {
        gateway: GATEWAY.SnapScan,
        gatewayId: webhook.id,
        deliver: () => sendSnapscanWebhook(client, server, webhook),
      };
    },
  },
  {
    name: 'paypalCard',
    paymentMethod: GATEWAY.PayPalCard,
    currencyId: 2,
    campaign: DOLLAR_CAMPAIGN,
    async pay({ server, client, gateways }, data) {
      const orderId = data.orderId;
      gateways.paypalApprove(orderId);
      // The browser comes back and the server captures; a restart may cut it, so until PayPal has
      // a capture, as the donor would reload.
      let webhook = null;
      for (let attempt = 0; attempt < MAX_ATTEMPTS && !webhook; attempt++) {
        const returned = await client.send(
          `${server.baseUrl}/api/v1/payments/paypal/return?token=${encodeURIComponent(orderId)}&PayerID=SOAKPAYER`,
        );
        webhook = gateways.paypalWebhook(orderId);
        if (!webhook) await sleep(returned.status === 0 ? 200 : 500);
      }
      if (!webhook) return null;
      return {
        gateway: GATEWAY.PayPal,
        gatewayId: webhook.captureId,
        deliver: async () => {
          const answer = await client.send(`${server.baseUrl}/api/v1/payments/paypal/webhook`, {
            method: 'POST',
            body: webhook.body,
            headers: webhook.headers,
          });
          return answer.status === 200;
        },
      };
    },
  },
];

function donationBody(method, n) {
  return {
    type: 0,
    currencyId: method.currencyId,
    amount: method.currencyId === 2 ? 5 + (n % 20) : 20 + (n % 50) * 10,
    tipOrAdminFeeAmount: n % 3 === 0 ? 2 : 0,
    paymentMethod: method.paymentMethod,
    firstName: 'Soak',
    lastName: `${method.name} ${n}`,
    email: `soak-${method.name}-${n}@letsema.test`,
    mobileNumber: '0821234567',
    anonymous: n % 5 === 0,
    comment: '',
    campaignUrl: method.campaign,
  };
}

/**
 * Donors cycling through METHODS until `until()`; the counts go into `counts` (the soak's report).
 * @param {{ server: Server, client: ReturnType<import('./client.mjs').createClient>,
 *   journal: ReturnType<import('./journal.mjs').openJournal>, gateways: Awaited<ReturnType<typeof import('../lib/moreGateways.mjs').startMoreGateways>>,
 *   token: () => string, donors: number, until: () => boolean, counts: Record<string, number> }} options
 */
export function runMethodDonors({ server, client, journal, gateways, token, donors, until, counts }) {
  counts.otherMethods = 0;
  counts.otherReplays = 0;
  counts.otherUndelivered = 0;
  counts.byMethod ??= {};
  for (const method of METHODS) counts.byMethod[method.name] = { payments: 0, replays: 0 };
  let serial = 0;

  async function deliver(reference, paid, replay) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (await paid.deliver()) {
        journal.record({
          kind: 'itn',
          reference,
          pfPaymentId: paid.gatewayId,
          gateway: paid.gateway,
          replay,
        });
        return;
      }
      counts.retries += 1;
      await sleep(200);
    }
    counts.otherUndelivered += 1;
  }

  async function donor() {
    while (!until()) {
      const n = ++serial;
      const method = METHODS[n % METHODS.length];
      const created = await client.json(
        `${server.baseUrl}/api/v1/donations/logged-in`,
        donationBody(method, n),
        token(),
      );
      if (created.status !== 201) {
        await sleep(created.status === 0 || created.status === 503 ? 200 : 1000);
        continue;
      }
      const { data } = JSON.parse(created.text);
      journal.record({
        kind: 'donation',
        id: data.id,
        reference: data.transactionInfo.referenceNumber,
        amount: data.transactionInfo.amount,
      });
      counts.donations += 1;
      const paid = await method.pay({ server, client, gateways }, data);
      if (!paid) {
        counts.otherUndelivered += 1;
        continue;
      }
      await deliver(data.transactionInfo.referenceNumber, paid, false);
      counts.otherMethods += 1;
      counts.byMethod[method.name].payments += 1;
      // Every other gift is delivered again (3 methods in turn: each method's gifts alternate).
      if (n % 2 === 0) {
        await deliver(data.transactionInfo.referenceNumber, paid, true);
        counts.otherReplays += 1;
        counts.byMethod[method.name].replays += 1;
      }
    }
  }

  return Promise.all(Array.from({ length: donors }, () => donor()));
}

/** Sends `send` until it answers true (the server is down while it restarts), as a gateway retries. */
async function untilAcknowledged(send, counts) {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (await send()) return true;
    counts.retries += 1;
    await sleep(200);
  }
  counts.otherUndelivered += 1;
  return false;
}

const CLOCK_MS = 12_000;

/**
 * Monthly gifts by Paysoft debit order (7) on `campaign` (the demo's, with debit orders on): a donor
 * sets one up every few seconds; every CLOCK_MS the clock runs the collections as of the three
 * earliest days debit orders are due (`dueDates`, read from the database), in two processes at
 * once (`collect`), then each month submitted gets its result at the stand-in and Paysoft's callback.
 * @param {{ server: Server, client: ReturnType<import('./client.mjs').createClient>,
 *   journal: ReturnType<import('./journal.mjs').openJournal>, gateways: Awaited<ReturnType<typeof import('../lib/moreGateways.mjs').startMoreGateways>>,
 *   token: () => string, until: () => boolean, counts: Record<string, any>, campaign: string,
 *   collect: (dates: string[]) => Promise<number>, dueDates: () => Promise<string[]> }} options
 */
export function runDebitOrders({
  server,
  client,
  journal,
  gateways,
  token,
  until,
  counts,
  campaign,
  collect,
  dueDates,
}) {
  const tally = { orders: 0, collectionRuns: 0, submitted: 0, paid: 0, unpaid: 0, replays: 0 };
  counts.byMethod ??= {};
  counts.byMethod.paysoft = tally;
  let months = 0;

  async function setUp() {
    for (let n = 1; !until(); n++) {
      const created = await client.json(
        `${server.baseUrl}/api/v1/donationsscheduler`,
        {
          type: 0,
          currencyId: 1,
          amount: 50 + (n % 20) * 25,
          tipOrAdminFeeAmount: n % 3 === 0 ? 5 : 0,
          onceOffAmount: n % 4 === 0 ? 20 : 0,
          paymentMethod: GATEWAY.Paysoft,
          term: 0,
          deductionDate: n % 3,
          cardConsent: true,
          firstName: 'Soak',
          lastName: `debit order ${n}`,
          email: `soak-paysoft-${n}@letsema.test`,
          mobileNumber: '0821234567',
          anonymous: n % 5 === 0,
          comment: '',
          campaignUrl: campaign,
          debitOrder: {
            bankId: 16,
            accountType: n % 3,
            accountNumber: '1234567890',
            accountHolderName: `Soak Donor ${n}`,
            idNumber: '8001015009087',
            mandateAccepted: true,
          },
        },
        token(),
      );
      if (created.status === 201) {
        const { data } = JSON.parse(created.text);
        journal.record({
          kind: 'schedule',
          id: data.donationSchedulerId,
          reference: data.transactionInfo.referenceNumber,
        });
        tally.orders += 1;
        await sleep(4_000);
      } else await sleep(created.status === 0 || created.status === 503 ? 200 : 1000);
    }
  }

  async function callback(uniqueId) {
    const request = `<APIDebitOrderCallback><UniqueId>${uniqueId}</UniqueId></APIDebitOrderCallback>`;
    const answer = await client.send(`${server.baseUrl}/api/v1/payments/paysoft/callback`, {
      method: 'POST',
      body: new URLSearchParams({ request }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return answer.status === 200;
  }

  async function clock() {
    while (!until()) {
      await sleep(CLOCK_MS);
      const dates = await dueDates();
      if (dates.length === 0) continue;
      const runs = await Promise.all([collect(dates), collect(dates)]);
      tally.collectionRuns += runs.length;
      tally.submitted += runs.reduce((sum, n) => sum + n, 0);
      for (const debit of gateways.paysoftOpen()) {
        const paid = ++months % 4 !== 0;
        const status = paid ? 'Paid' : 'Unpaid';
        gateways.paysoftResult(debit.uniqueId, debit.reference, status);
        const entry = paid
          ? {
              kind: 'itn',
              reference: debit.reference,
              pfPaymentId: `${debit.transactionId}:Paid`,
              gateway: GATEWAY.Paysoft,
            }
          : { kind: 'debitUnpaid', reference: debit.reference, gatewayId: `${debit.transactionId}:Unpaid` };
        for (const replay of months % 2 === 0 ? [false, true] : [false]) {
          if (!(await untilAcknowledged(() => callback(debit.uniqueId), counts))) break;
          journal.record({ ...entry, replay });
          if (replay) tally.replays += 1;
        }
        tally[paid ? 'paid' : 'unpaid'] += 1;
      }
    }
  }

  return Promise.all([setUp(), clock()]);
}

/**
 * SnapScan poster payments on `campaign`: every two seconds a payer scans the poster's code and pays
 * an amount of their choosing at the stand-in; the signed webhook (every other one twice) makes the
 * donation, whose reference is the poster's reference and SnapScan's payment id.
 * @param {{ server: Server, client: ReturnType<import('./client.mjs').createClient>,
 *   journal: ReturnType<import('./journal.mjs').openJournal>, gateways: Awaited<ReturnType<typeof import('../lib/moreGateways.mjs').startMoreGateways>>,
 *   until: () => boolean, counts: Record<string, any>, campaignId: string }} options
 */
export async function runPosterPayments({ server, client, journal, gateways, until, counts, campaignId }) {
  const tally = { payments: 0, replays: 0 };
  counts.byMethod ??= {};
  counts.byMethod.snapscanPoster = tally;
  const reference = `LTP-${campaignId}`;
  for (let n = 1; !until(); n++) {
    await sleep(2_000);
    const webhook = gateways.snapscanPaid(reference, 1_000 + ((n * 733) % 49_000), true);
    const send = () => sendSnapscanWebhook(client, server, webhook);
    for (const replay of n % 2 === 0 ? [false, true] : [false]) {
      if (!(await untilAcknowledged(send, counts))) break;
      journal.record({
        kind: 'itn',
        reference: `${reference}-${webhook.id}`,
        pfPaymentId: webhook.id,
        gateway: GATEWAY.SnapScan,
        replay,
      });
      tally[replay ? 'replays' : 'payments'] += 1;
    }
  }
}
