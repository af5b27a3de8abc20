// Refunds during the soak (issue 25): staff refund donations of the soak's campaign while donors
// give, gateways notify and the server is killed. Each refund is a bank refund (method Manual: the
// soak's PayFast stand-in has no refund call) with its own idempotency key, sent until the server
// acknowledges it, then sent once more (a double press): the journal keeps what was acknowledged,
// and verify.mjs checks each key booked once and no donation refunded beyond its amount.
import { ADMIN_EMAIL } from '../lib/routes.mjs';

const EVERY_MS = 2500;
const MAX_ATTEMPTS = 200;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {{ server: { baseUrl: string }, client: ReturnType<import('./client.mjs').createClient>,
 *   journal: ReturnType<import('./journal.mjs').openJournal>, db: import('pg').Pool, password: string,
 *   campaignId: string, until: () => boolean, counts: Record<string, any> }} options
 */
export async function runRefunds({ server, client, journal, db, password, campaignId, until, counts }) {
  counts.refunds = 0;
  counts.refundReplays = 0;
  counts.refundRetries = 0;
  let token = '';
  const login = async () => {
    const answer = await client.send(`${server.baseUrl}/api/v1/authentication/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password }),
    });
    if (answer.status === 200) token = JSON.parse(answer.text).data.accessToken;
    return answer.status === 200;
  };
  let n = 0;
  while (!until()) {
    await sleep(EVERY_MS);
    if (!token && !(await login())) continue;
    // An accepted donation of the campaign with nothing refunded yet, straight from the database.
    // (npm run bench:cluster restarts PostgreSQL: a query that fails then waits for the next turn.)
    const rows = await db
      .query(
        `select d.id, d.amount::bigint as amount from donations d where d.campaign_id = $1 and d.status = 1
           and not exists (select 1 from donation_refunds r where r.donation_id = d.id)
         order by random() limit 1`,
        [campaignId],
      )
      .then((result) => result.rows)
      .catch(() => []);
    const donation = rows[0];
    if (!donation) continue;
    n += 1;
    const whole = n % 2 === 0;
    const cents = whole ? Number(donation.amount) : Math.max(1, Math.floor(Number(donation.amount) / 3));
    const key = `soak-refund-${donation.id}`;
    const body = JSON.stringify({
      amount: whole ? null : cents / 100,
      reason: 'Soak refund.',
      bankReference: `SOAK-${n}`,
      idempotencyKey: key,
    });
    const send = () =>
      client.send(`${server.baseUrl}/api/v1/admin/donations/${donation.id}/refund`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
    let acknowledged = false;
    for (let attempt = 0; attempt < MAX_ATTEMPTS && !acknowledged; attempt++) {
      const answer = await send();
      if (answer.status === 201 || answer.status === 200) acknowledged = true;
      else {
        if (answer.status === 401) await login();
        counts.refundRetries += 1;
        await sleep(200);
      }
    }
    if (!acknowledged) continue;
    journal.record({
      kind: 'refund',
      key,
      donationId: donation.id,
      cents: whole ? Number(donation.amount) : cents,
    });
    counts.refunds += 1;
    const again = await send();
    if (again.status === 200) counts.refundReplays += 1;
  }
}
