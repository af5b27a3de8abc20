// The end of the soak: the journal against the database, read directly with pg (not through the
// app being tested). Every acknowledged donation is there once; every acknowledged notification
// (PayFast's ITNs, and the other methods' webhooks and returns, bench/soak/methods.mjs) is booked
// once (its donation Accepted, the gateway's payment id stored once); every acknowledged debit order
// is there once, and each month whose unpaid result was acknowledged ended Rejected, its result
// stored once; the campaign counters equal
// a recount of the ledger; no gateway payment id is used twice.
import pg from 'pg';
import { jsonRequest } from '../lib/http.mjs';

const PAYFAST = 8;
const ACCEPTED = 1;
const REJECTED = 2;
const PAYSOFT = 7;

/** @param {ReturnType<import('./journal.mjs').openJournal>['read']} read */
export async function verifyJournal(databaseUrl, entries) {
  const donations = entries.filter((e) => e.kind === 'donation');
  const itns = entries.filter((e) => e.kind === 'itn');
  const schedules = entries.filter((e) => e.kind === 'schedule');
  const unpaid = entries.filter((e) => e.kind === 'debitUnpaid');
  const refunds = entries.filter((e) => e.kind === 'refund');
  const paidReferences = [...new Set(itns.map((e) => e.reference))];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query(
      'select id, reference, status, gateway_payment_id from donations where id = any($1::uuid[])',
      [donations.map((d) => d.id)],
    );
    const byId = new Map(found.rows.map((r) => [r.id, r]));
    const lostDonations = donations.filter((d) => byId.get(d.id)?.reference !== d.reference);
    const scheduleRows = await client.query(
      'select reference, count(*)::int as n from recurring_donations where reference = any($1) group by reference',
      [schedules.map((e) => e.reference)],
    );
    const schedulesFound = new Map(scheduleRows.rows.map((r) => [r.reference, r.n]));
    const lostSchedules = schedules.filter((e) => !schedulesFound.has(e.reference));
    const doubledSchedules = scheduleRows.rows.filter((r) => r.n > 1).length;
    // An unpaid month: its charge Rejected, the result stored once.
    const unpaidRows = await client.query(
      `select d.reference, d.status, (select count(*)::int from gateway_notifications n where n.gateway = ${PAYSOFT} and n.gateway_id = d.gateway_payment_id) as notes
       from donations d where d.reference = any($1)`,
      [unpaid.map((e) => e.reference)],
    );
    const unpaidByReference = new Map(unpaidRows.rows.map((r) => [r.reference, r]));
    const unbookedUnpaid = [...new Set(unpaid.map((e) => e.reference))].filter((ref) => {
      const row = unpaidByReference.get(ref);
      return !row || row.status !== REJECTED || row.notes !== 1;
    });
    const doubledDonations = await client.query(
      'select reference, count(*)::int as n from donations where reference = any($1) group by reference having count(*) > 1',
      [donations.map((d) => d.reference)],
    );

    const paid = await client.query(
      'select reference, status, gateway_payment_id from donations where reference = any($1)',
      [paidReferences],
    );
    const paidByReference = new Map(paid.rows.map((r) => [r.reference, r]));
    const firstItn = new Map();
    for (const e of itns) if (!firstItn.has(e.reference)) firstItn.set(e.reference, e.pfPaymentId);
    const unbooked = paidReferences.filter((ref) => {
      const row = paidByReference.get(ref);
      return !row || row.status !== ACCEPTED || row.gateway_payment_id !== firstItn.get(ref);
    });
    // Each acknowledged notification under its gateway (PayFast's ITNs carry none: 8), as
    // gateway_notifications keys it.
    const idsByGateway = new Map();
    for (const e of itns) {
      const gateway = e.gateway ?? PAYFAST;
      idsByGateway.set(gateway, (idsByGateway.get(gateway) ?? new Set()).add(e.pfPaymentId));
    }
    const notificationRows = [];
    for (const [gateway, ids] of idsByGateway) {
      const { rows } = await client.query(
        'select gateway_id, count(*)::int as n, bool_and(processed) as processed from gateway_notifications where gateway = $1 and gateway_id = any($2) group by gateway_id',
        [gateway, [...ids]],
      );
      notificationRows.push(...rows.map((r) => ({ ...r, key: `${gateway}:${r.gateway_id}` })));
    }
    const notificationsById = new Map(notificationRows.map((r) => [r.key, r]));
    const missingNotifications = [...idsByGateway].flatMap(([gateway, ids]) =>
      [...ids].filter((id) => !notificationsById.get(`${gateway}:${id}`)?.processed),
    );
    const doubledNotifications = notificationRows.filter((r) => r.n > 1).length;
    const doubledGatewayIds = await client.query(
      'select gateway_payment_id, count(*)::int as n from donations where gateway_payment_id is not null group by 1 having count(*) > 1',
    );
    // Refunds (issue 25): each acknowledged key booked once, Completed; no donation refunded beyond its gift.
    const refundRows = await client.query(
      'select idempotency_key, count(*)::int as n, bool_and(status = 1) as done from donation_refunds where idempotency_key = any($1) group by idempotency_key',
      [refunds.map((e) => e.key)],
    );
    const refundsByKey = new Map(refundRows.rows.map((r) => [r.idempotency_key, r]));
    const lostRefunds = refunds.filter((e) => !refundsByKey.get(e.key)?.done);
    const overRefunded = await client.query(`
      select d.id from donations d join donation_refunds r on r.donation_id = d.id and r.status in (0, 1)
      group by d.id, d.amount having sum(case when r.kind = 3 then -r.amount else r.amount end) > d.amount`);
    const drift = await client.query(`
      select c.url, c.raised_cents::bigint as counter,
        (coalesce((select sum(d.campaign_amount) from donations d where d.campaign_id = c.id and d.status = ${ACCEPTED}), 0)
         - coalesce((select sum(case when r.kind = 3 then -r.campaign_amount else r.campaign_amount end) from donation_refunds r
             where r.campaign_id = c.id and r.status in (0, 1)), 0))::bigint as ledger
      from campaigns c`);
    drift.rows = drift.rows.filter((r) => String(r.counter) !== String(r.ledger));
    return {
      acknowledgedDonations: donations.length,
      acknowledgedItns: itns.length,
      acknowledgedReplays: itns.filter((e) => e.replay).length,
      paidDonations: paidReferences.length,
      lostDonations: lostDonations.length + lostSchedules.length + unbookedUnpaid.length + lostRefunds.length,
      acknowledgedRefunds: refunds.length,
      overRefunded: overRefunded.rowCount ?? 0,
      acknowledgedSchedules: schedules.length,
      acknowledgedUnpaid: unpaid.length,
      doubledDonations:
        (doubledDonations.rowCount ?? 0) +
        doubledSchedules +
        refundRows.rows.filter((r) => r.n > 1).length +
        (overRefunded.rowCount ?? 0),
      unbookedItns: unbooked.length,
      missingNotifications: missingNotifications.length,
      doubledNotifications,
      doubledGatewayIds: doubledGatewayIds.rowCount ?? 0,
      campaignsDrifting: drift.rows.map((r) => `${r.url}: counter ${r.counter}, ledger ${r.ledger}`),
      examples: [
        ...lostDonations.slice(0, 3).map((d) => `lost donation ${d.id} (${d.reference})`),
        ...lostRefunds.slice(0, 3).map((e) => `lost refund ${e.key}`),
        ...lostSchedules.slice(0, 3).map((e) => `lost debit order ${e.reference}`),
        ...unbookedUnpaid
          .slice(0, 3)
          .map(
            (ref) => `unpaid month not booked: ${ref} ${JSON.stringify(unpaidByReference.get(ref) ?? null)}`,
          ),
        ...unbooked
          .slice(0, 3)
          .map(
            (ref) =>
              `notification not booked for ${ref}: ${JSON.stringify(paidByReference.get(ref) ?? null)}`,
          ),
      ],
    };
  } finally {
    await client.end();
  }
}

/**
 * The campaign's public total (its API, through `baseUrl`) against the ledger recount (accepted
 * donations less refunds), read with pg.
 */
export async function publicTotal(baseUrl, databaseUrl, campaignUrl) {
  const detail = await jsonRequest(`${baseUrl}/api/v1/campaigns/short/${campaignUrl}?idType=0`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select (coalesce(sum(d.campaign_amount), 0) - coalesce((select sum(case when r.kind = 3 then -r.campaign_amount else r.campaign_amount end)
         from donation_refunds r join campaigns c2 on c2.id = r.campaign_id where c2.url = $1 and r.status in (0, 1)), 0))::bigint as cents
       from donations d join campaigns c on c.id = d.campaign_id where c.url = $1 and d.status = 1`,
      [campaignUrl],
    );
    const api = Number(detail.data.donationsReceivedTotal);
    const ledger = Number(rows[0].cents) / 100;
    return { api, ledger, matches: Math.abs(api - ledger) < 0.005 };
  } finally {
    await client.end();
  }
}

/** Lost and doubled, as the reports add them up. */
export function lossesOf(verdict) {
  return {
    lost: verdict.lostDonations + verdict.unbookedItns + verdict.missingNotifications,
    doubled: verdict.doubledDonations + verdict.doubledNotifications + verdict.doubledGatewayIds,
  };
}

/** What the journal check and the public total found wrong, one sentence each (none: all is well). */
export function ledgerFailures(verdict, apiTotal) {
  const failures = [];
  const { lost, doubled } = lossesOf(verdict);
  if (lost > 0) failures.push(`${lost} acknowledged answers lost: ${verdict.examples.join('; ')}`);
  if (doubled > 0) failures.push(`${doubled} double bookings`);
  if (verdict.campaignsDrifting.length > 0)
    failures.push(`counters drift: ${verdict.campaignsDrifting.join('; ')}`);
  if (!apiTotal.matches) failures.push('the public total differs from the ledger');
  return failures;
}

/** Every table of every schema (the migration journal too): row count and an md5 over its rows in order. */
export async function fingerprintDatabase(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query(
      "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
    );
    const result = {};
    for (const { schemaname, tablename } of tables.rows) {
      const name = `"${schemaname}"."${tablename}"`;
      const { rows } = await client.query(
        `select count(*)::int as n, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as h from ${name} t`,
      );
      result[name] = { rows: rows[0].n, md5: rows[0].h };
    }
    return result;
  } finally {
    await client.end();
  }
}
