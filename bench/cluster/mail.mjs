// Mail in npm run bench:cluster: the durable queue (table mail_queue, one row per mail, state
// pending | sent | dead, sent with the Message-ID <{id}@host>) against what the SMTP sink received.
// Every sent row must have arrived exactly once, nothing may stay pending once SMTP is back, and the
// outage must make no dead letter. Without the table (a build before the queue) only the sink's
// count is reported.
import pg from 'pg';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The queue's counts by state, or null when this build has no mail queue. */
export async function mailQueueCounts(db) {
  const exists = await db.query("select to_regclass('public.mail_queue') is not null as present");
  if (!exists.rows[0].present) return null;
  const { rows } = await db.query('select state, count(*)::int as n from mail_queue group by state');
  const counts = { pending: 0, sent: 0, dead: 0, total: 0 };
  for (const row of rows) {
    counts[row.state] = row.n;
    counts.total += row.n;
  }
  return counts;
}

/** Waits until no row is pending (or `timeoutMs`); resolves the counts then and how long it took. */
export async function waitForMailQueue(databaseUrl, timeoutMs) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const began = performance.now();
  try {
    for (;;) {
      const counts = await mailQueueCounts(db);
      if (!counts) return { counts: null, drainedAfterMs: null };
      if (counts.pending === 0) return { counts, drainedAfterMs: Math.round(performance.now() - began) };
      if (performance.now() - began > timeoutMs) return { counts, drainedAfterMs: null };
      await sleep(1000);
    }
  } finally {
    await db.end();
  }
}

/** The queue id in a Message-ID header `<{id}@host>`. */
const idOf = (messageId) => messageId.replace(/^\s*<|>\s*$/g, '').split('@')[0] ?? '';

/**
 * The sent rows of the queue against the Message-IDs the sink received.
 * @param {string} databaseUrl
 * @param {Array<{ messageId: string }>} received
 */
export async function verifyMail(databaseUrl, received) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const counts = await mailQueueCounts(db);
    const copies = new Map();
    for (const mail of received) {
      const id = idOf(mail.messageId);
      copies.set(id, (copies.get(id) ?? 0) + 1);
    }
    const base = {
      received: received.length,
      distinctReceived: copies.size,
    };
    if (!counts) return { ...base, queue: null };
    const sent = (await db.query("select id::text as id from mail_queue where state = 'sent'")).rows.map(
      (r) => r.id,
    );
    const sentIds = new Set(sent);
    const missing = sent.filter((id) => !copies.has(id));
    const duplicated = [...copies].filter(([id, n]) => sentIds.has(id) && n > 1);
    const unknown = [...copies.keys()].filter((id) => !sentIds.has(id));
    const dead = (await db.query("select id::text as id from mail_queue where state = 'dead'")).rows.map(
      (r) => r.id,
    );
    return {
      ...base,
      queue: counts,
      sent: sent.length,
      deliveredOnce: sent.length - missing.length - duplicated.length,
      missing: missing.length,
      duplicated: duplicated.length,
      extraCopies: duplicated.reduce((sum, [, n]) => sum + n - 1, 0),
      unknown: unknown.length,
      dead: dead.length,
      examples: [
        ...missing.slice(0, 3).map((id) => `sent but never received: ${id}`),
        ...duplicated.slice(0, 3).map(([id, n]) => `received ${n} times: ${id}`),
        ...unknown
          .slice(0, 3)
          .map((id) => `received, not a sent row of the queue: ${id || '(no Message-ID)'}`),
        ...dead.slice(0, 3).map((id) => `dead letter: ${id}`),
      ],
    };
  } finally {
    await db.end();
  }
}
