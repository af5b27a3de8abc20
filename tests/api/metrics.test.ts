import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PayoutStatus } from '~/lib/enums';
import { startServer } from '../../scripts/test-support/server.mjs';
import { send } from './support/accounts';
import { demoToken, launchedCampaign, type SavedCampaign, uniqueWord } from './support/campaigns';
import { baseUrl, getCachedPage } from './support/http';
import { paidGift } from './support/paidGifts';
import { NOTIFY_PATH } from './support/payfast';
import { acceptedOrganisationBanking, requestPayout } from './support/payoutSetup';
import { registerOrganisation } from './support/registeredOrganisation';

// Issue 28, item 2: /metrics is Prometheus text for this machine (the suite's server trusts
// loopback as a proxy, so a forwarded visitor is not this machine) or a bearer of METRICS_TOKEN,
// and its counters move when people do things.

const scrape = async (server = baseUrl, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server}/metrics`, { headers });
  return { res, text: await res.text() };
};

/** The value of one series (`name` with exactly these labels, in any order), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.keys(found).length !== wanted.length) continue;
    if (wanted.every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe('who may read /metrics', () => {
  it('answers this machine with Prometheus text', async () => {
    const { res, text } = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.headers.get('cache-control')).toBe('no-store');
    for (const name of [
      'http_request_duration_seconds',
      'letsema_page_cache_requests_total',
      'letsema_donations_created_total',
      'letsema_donations_booked_total',
      'letsema_payment_notifications_total',
      'letsema_payouts_total',
      'letsema_mail_queue_depth',
      'letsema_mail_sent_total',
      'letsema_job_runs_total',
      'letsema_db_pool_in_use',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
  });

  it('refuses a visitor the proxy forwarded, whatever header they add', async () => {
    for (const headers of [
      { 'x-forwarded-for': '198.51.100.30' },
      { 'x-forwarded-for': '2001:db8::30' },
      { 'x-forwarded-for': '198.51.100.30', authorization: 'Bearer guess' },
    ]) {
      const { res, text } = await scrape(baseUrl, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(text).not.toContain('letsema_');
    }
  });
});

// METRICS_TOKEN on a server of its own, once (PGlite pass).
describe.runIf(inject('databaseUrl') === 'memory://')('with METRICS_TOKEN set', () => {
  let own: Awaited<ReturnType<typeof startServer>>;
  const token = 'metrics-token-for-the-test-8c1f';

  beforeAll(async () => {
    own = await startServer({
      env: { METRICS_TOKEN: token, TRUSTED_PROXIES: '127.0.0.1, ::1', JWT_SECRET: inject('jwtSecret') },
    });
    expect(own.health?.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await own?.stop();
  });

  it('lets a remote scraper in with the token, and nobody with another', async () => {
    const remote = { 'x-forwarded-for': '203.0.113.40' };
    expect((await scrape(own.baseUrl, { ...remote, authorization: `Bearer ${token}` })).res.status).toBe(200);
    expect((await scrape(own.baseUrl, { ...remote, authorization: `bearer ${token}` })).res.status).toBe(200);
    for (const authorization of [
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      token,
      `Basic ${token}`,
      '',
    ])
      expect((await scrape(own.baseUrl, { ...remote, authorization })).res.status, authorization).toBe(401);
    // This machine needs no token.
    expect((await scrape(own.baseUrl)).res.status).toBe(200);
  });
});

describe('what the counters count', () => {
  let admin: string;
  let donor: string;

  beforeAll(async () => {
    [admin, donor] = await Promise.all([demoToken('nomvula'), demoToken('sipho')]);
  });

  it('times requests by route pattern, never by address, and counts page cache hits and misses', async () => {
    const before = (await scrape()).text;
    const route = { route: '/campaign/[url]', method: 'GET', status: '200' };
    const campaign = await launchedCampaign(admin, { name: `Metrics page ${uniqueWord('mp')}` });
    await getCachedPage(`/campaign/${campaign.url}`);
    const after = (await scrape()).text;
    expect(sample(after, 'http_request_duration_seconds_count', route)).toBeGreaterThan(
      sample(before, 'http_request_duration_seconds_count', route),
    );
    expect(after).not.toContain(`route="/campaign/${campaign.url}"`);
    expect(sample(after, 'letsema_page_cache_requests_total', { result: 'hit' })).toBeGreaterThan(
      sample(before, 'letsema_page_cache_requests_total', { result: 'hit' }),
    );
    expect(sample(after, 'letsema_page_cache_requests_total', { result: 'miss' })).toBeGreaterThan(
      sample(before, 'letsema_page_cache_requests_total', { result: 'miss' }),
    );
    // The built files are timed as one route.
    const staticRoute = { route: 'static', method: 'GET', status: '200' };
    const staticBefore = sample(after, 'http_request_duration_seconds_count', staticRoute);
    expect((await fetch(`${baseUrl}/favicon.svg`)).status).toBe(200);
    expect(sample((await scrape()).text, 'http_request_duration_seconds_count', staticRoute)).toBeGreaterThan(
      staticBefore,
    );
  });

  it('counts a donation created and booked, its notification, a forged one and a payout', async () => {
    const org = await registerOrganisation(`Metrics Trust ${uniqueWord('mt')}`);
    const campaign: SavedCampaign = await launchedCampaign(org.owner.accessToken, {
      organisation: org.id,
      name: `Metrics ${uniqueWord('mc')}`,
    });
    const payfast = { gateway: 'payfast' };
    const before = (await scrape()).text;
    await paidGift(campaign, 'payfast', donor, { amount: 300 });
    const forged = await fetch(`${baseUrl}${NOTIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'm_payment_id=LTS-FORGED&pf_payment_id=1&payment_status=COMPLETE&amount_gross=10.00&signature=00',
    });
    expect(forged.status).toBe(200);
    await acceptedOrganisationBanking(org.owner.accessToken, org.id, admin);
    const payout = await requestPayout(org.owner.accessToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 200 }],
      description: 'Metrics payout',
      notes: '',
    });
    expect(payout.status, payout.text).toBe(201);
    const accepted = await send(
      'PATCH',
      `/api/v1/admin/payouts/${payout.body.data.id}`,
      { status: PayoutStatus.Accepted },
      admin,
    );
    expect(accepted.status, accepted.text).toBe(200);
    const after = (await scrape()).text;

    const grew = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(grew('letsema_donations_created_total', payfast)).toBeGreaterThanOrEqual(1);
    expect(grew('letsema_donations_booked_total', payfast)).toBeGreaterThanOrEqual(1);
    expect(
      grew('letsema_payment_notifications_total', { ...payfast, outcome: 'applied' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      grew('letsema_payment_notifications_total', { ...payfast, outcome: 'invalid' }),
    ).toBeGreaterThanOrEqual(1);
    expect(grew('letsema_payouts_total', { status: 'pending' })).toBeGreaterThanOrEqual(1);
    expect(grew('letsema_payouts_total', { status: 'accepted' })).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
