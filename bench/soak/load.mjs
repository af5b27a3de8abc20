// The soak's load: donors who each make a PayFast donation and then get PayFast's notification
// (ITN) delivered, retried until it is answered 200 as PayFast does, sometimes replayed at once or
// much later (out of order); and readers of the campaign's pages. Every 201 donation and every 200
// notification goes into the journal. `server.baseUrl` is read on each request: it changes when
// the server is restarted.
import { CAMPAIGN } from '../lib/routes.mjs';

const PAYFAST = 8; // PaymentGateway.PayFast (src/lib/enums.ts)
const NOTIFY_PATH = '/api/v1/payments/payfast/notify';
/** PayFast gives up on a notification after some retries too; ours only if the server stays broken. */
const MAX_ATTEMPTS = 600;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function donationBody(amount, n) {
  return {
    type: 0,
    currencyId: 1,
    amount,
    tipOrAdminFeeAmount: n % 3 === 0 ? 10 : 0,
    paymentMethod: PAYFAST,
    firstName: 'Soak',
    lastName: `Donor ${n}`,
    email: `soak-${n}@letsema.test`,
    mobileNumber: '0821234567',
    anonymous: n % 5 === 0,
    comment: n % 4 === 0 ? `Gift number ${n}` : '',
    campaignUrl: CAMPAIGN,
  };
}

const pfPaymentIdOf = (body) => new URLSearchParams(body).get('pf_payment_id') ?? '';

/**
 * @param {{ server: { baseUrl: string }, client: ReturnType<import('./client.mjs').createClient>,
 *   journal: ReturnType<import('./journal.mjs').openJournal>, gateway: { itnFor: (f: Record<string, string>) => string },
 *   token: () => string, donors: number, readers: number, until: () => boolean }} options
 */
export function runLoad({ server, client, journal, gateway, token, donors, readers, until }) {
  const counts = { donations: 0, itns: 0, replays: 0, lateReplays: 0, reads: 0, retries: 0, undelivered: 0 };
  /** Notifications already acknowledged, to replay later (PayFast resends; the order is not kept). */
  const delivered = [];
  let serial = 0;

  /** Delivers an ITN until the server answers 200 (any other answer, or none, is retried). */
  async function deliver(reference, body, replay) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const answer = await client.form(`${server.baseUrl}${NOTIFY_PATH}`, body);
      if (answer.status === 200) {
        journal.record({ kind: 'itn', reference, pfPaymentId: pfPaymentIdOf(body), replay });
        return;
      }
      counts.retries += 1;
      await sleep(answer.status === 0 ? 200 : 500);
    }
    counts.undelivered += 1;
  }

  async function donor() {
    while (!until()) {
      const n = ++serial;
      const amount = 20 + (n % 50) * 10;
      const created = await client.json(
        `${server.baseUrl}/api/v1/donations/logged-in`,
        donationBody(amount, n),
        token(),
      );
      if (created.status !== 201) {
        // The server is restarting (no answer, or 503): try again shortly, as a donor would.
        await sleep(created.status === 0 || created.status === 503 ? 200 : 1000);
        continue;
      }
      const { data } = JSON.parse(created.text);
      const fields = data.transactionInfo.paymentForm.fields;
      journal.record({
        kind: 'donation',
        id: data.id,
        reference: fields.m_payment_id,
        amount: Number(fields.amount),
      });
      counts.donations += 1;
      const itn = gateway.itnFor(fields);
      await deliver(fields.m_payment_id, itn, false);
      counts.itns += 1;
      delivered.push({ reference: fields.m_payment_id, itn });
      if (n % 4 === 0) {
        await deliver(fields.m_payment_id, itn, true);
        counts.replays += 1;
      }
      if (n % 7 === 0 && delivered.length > 10) {
        const old = delivered[Math.floor(Math.random() * delivered.length)];
        await deliver(old.reference, old.itn, true);
        counts.lateReplays += 1;
      }
    }
  }

  const PAGES = [
    '/home',
    `/campaign/${CAMPAIGN}`,
    `/api/v1/campaigns/short/${CAMPAIGN}?idType=0`,
    '/find-campaign',
  ];
  async function reader(i) {
    let k = i;
    while (!until()) {
      const answer = await client.send(`${server.baseUrl}${PAGES[k++ % PAGES.length]}`);
      counts.reads += 1;
      if (answer.status === 0) await sleep(200);
    }
  }

  const done = Promise.all([
    ...Array.from({ length: donors }, () => donor()),
    ...Array.from({ length: readers }, (_, i) => reader(i)),
  ]);
  return { counts, done };
}
