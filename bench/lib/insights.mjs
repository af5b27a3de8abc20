// Issue 26: the fundraiser's dashboard at scale. GET /api/v1/campaigns/{id}/insights (the whole life,
// the default) over HTTP for the campaign with the most donations in the scale data (1 000 000
// donations across 100 000 campaigns), and the organisation dashboard of the organisation with the
// most; p50 and p95 of `runs` calls after a warm-up, one at a time, signed in as the demo admin.
import pg from 'pg';
import { TEST_DEMO_PASSWORD } from '../../scripts/test-support/server.mjs';
import { jsonRequest, rawGet } from './http.mjs';
import { ADMIN_EMAIL } from './routes.mjs';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function biggest(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const total = await client.query('select count(*)::int as n from donations where status = 1');
    const campaign = await client.query(
      `select campaign_id as id, count(*)::int as donations from donations where status = 1
       group by campaign_id order by count(*) desc limit 1`,
    );
    const organisation = await client.query(
      `select c.organisation_id as id, count(*)::int as donations from donations d join campaigns c on c.id = d.campaign_id
       where d.status = 1 and c.organisation_id is not null group by c.organisation_id order by count(*) desc limit 1`,
    );
    const tallies = await client.query(
      'select count(*)::int as n from campaign_insight_days where campaign_id = $1',
      [campaign.rows[0]?.id],
    );
    return {
      donations: total.rows[0]?.n ?? 0,
      campaign: campaign.rows[0] ?? null,
      organisation: organisation.rows[0] ?? null,
      tallyRows: tallies.rows[0]?.n ?? 0,
    };
  } finally {
    await client.end();
  }
}

async function timeCalls(url, token, runs) {
  const call = async () => {
    const started = performance.now();
    const answer = await rawGet(url, {
      headers: { 'accept-encoding': 'br, gzip', authorization: `Bearer ${token}` },
      timeoutMs: 30_000,
    });
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 3; i++) await call();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await call());
  times.sort((a, b) => a - b);
  return { runs, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 };
}

/** The dashboard's latencies at scale; the figures the report prints. */
export async function insightsLatencies(baseUrl, databaseUrl, runs = 30) {
  const facts = await biggest(databaseUrl);
  if (!facts.campaign) throw new Error('no campaign with donations: is the scale data loaded?');
  const login = await jsonRequest(`${baseUrl}/api/v1/authentication/login/`, {
    method: 'POST',
    body: { email: ADMIN_EMAIL, password: TEST_DEMO_PASSWORD },
  });
  const token = login.data.accessToken;
  const campaign = await timeCalls(`${baseUrl}/api/v1/campaigns/${facts.campaign.id}/insights`, token, runs);
  const organisation = facts.organisation
    ? await timeCalls(`${baseUrl}/api/v1/organizations/${facts.organisation.id}/insights`, token, runs)
    : null;
  return { ...facts, campaignTimes: campaign, organisationTimes: organisation };
}
