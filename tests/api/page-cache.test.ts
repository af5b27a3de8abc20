import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PaymentGateway } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import { startServer } from '../../scripts/test-support/server.mjs';
import { eventually } from '../support/eventually';
import { demoToken, launchedCampaign, patchCampaign, type SavedCampaign } from './support/campaigns';
import { donated, donationBody, donorEmail } from './support/donations';
import { baseUrl, untilCached } from './support/http';
import { itnFor, payAtSimulator } from './support/payfast';

// Public pages are the same for every visitor, so the server keeps them in memory once rendered
// (server/pageStore.ts) and drops them when the database announces a change to what they show
// (migration 0005's triggers, LISTEN/NOTIFY). What a visitor must never see is an old total after
// a donation was booked, or an old title after the owner changed it.

interface PageAnswer {
  status: number;
  cached: boolean;
  etag: string | null;
  raised: string | null;
  title: string | null;
  html: string;
  encoding: string | null;
  requestId: string | null;
}

async function visit(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<PageAnswer> {
  const response = await fetch(`${origin}${path}`, { headers, redirect: 'manual' });
  const html = await response.text();
  return {
    status: response.status,
    cached: response.headers.get('x-page-cache') === 'hit',
    etag: response.headers.get('etag'),
    raised: /data-testid="total-raised"[^>]*>([^<]*)</.exec(html)?.[1]?.trim() ?? null,
    title:
      /<h1\b[^>]*>([\s\S]*?)<\/h1>/
        .exec(html)?.[1]
        ?.replace(/<[^>]+>/g, '')
        .trim() ?? null,
    html,
    encoding: response.headers.get('content-encoding'),
    requestId: response.headers.get('x-request-id'),
  };
}

/** A visit that came from memory (see untilCached). */
const cachedVisit = (
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<PageAnswer> =>
  untilCached(
    () => visit(origin, path, headers),
    (answer) => answer.cached,
    path,
  );

/**
 * A PayFast donation paid at the simulator; returns once the simulator's notification (ITN) has
 * been answered by the server that booked it, i.e. the donation is booked.
 */
async function bookedPayfastDonation(campaign: SavedCampaign, amount: number, token: string): Promise<void> {
  const donation = await donated(
    donationBody({
      campaignUrl: campaign.url,
      paymentMethod: PaymentGateway.PayFast,
      amount,
      tipOrAdminFeeAmount: 0,
      email: donorEmail('cache'),
    }),
    token,
  );
  await payAtSimulator(donation);
  await eventually(
    async () =>
      expect((await itnFor(donation.transactionInfo.referenceNumber)).delivery, 'the ITN booked').toBe(200),
    { interval: 50 },
  );
}

let token: string;

beforeAll(async () => {
  token = await demoToken('lindiwe');
});

describe('a public page', () => {
  it('is rendered once, then served from memory with an ETag a browser can revalidate', async () => {
    const campaign = await launchedCampaign(token);
    const path = `/campaign/${campaign.url}`;
    const first = await visit(baseUrl, path);
    expect(first.status).toBe(200);
    expect(first.cached).toBe(false);
    const second = await cachedVisit(baseUrl, path);
    expect(second.html).toBe(first.html);
    expect(second.etag).toBeTruthy();

    // Another file's write (the banner, a lookup) may drop and re-render the page between the two
    // requests, with a new ETag: then revalidate against the page as it is now (untilCached's reason).
    let current = second;
    let revalidated = await fetch(`${baseUrl}${path}`, { headers: { 'if-none-match': current.etag ?? '' } });
    for (let attempt = 1; revalidated.status === 200 && attempt < 5; attempt++) {
      current = await cachedVisit(baseUrl, path);
      revalidated = await fetch(`${baseUrl}${path}`, { headers: { 'if-none-match': current.etag ?? '' } });
    }
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  });

  it('still gives each answer from memory its own request id', async () => {
    const first = await cachedVisit(baseUrl, '/home');
    const second = await cachedVisit(baseUrl, '/home');
    expect(first.requestId).toMatch(/^[\w.:-]{8,}$/);
    expect(second.requestId).toMatch(/^[\w.:-]{8,}$/);
    expect(second.requestId).not.toBe(first.requestId);
  });

  it('tells a CDN it may keep it a few seconds and serve it stale while it asks again', async () => {
    const response = await fetch(`${baseUrl}/home`);
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
    );
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('is sent compressed in the encoding the browser prefers, and whole to one that takes none', async () => {
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const answer = await cachedVisit(baseUrl, '/home/links?tab=how', { 'accept-encoding': accept });
      expect(answer.encoding).toBe(expected);
      expect(answer.html).toContain('<html');
    }
  });

  it('is never answered from memory to a request carrying a token', async () => {
    const path = '/home/links?tab=how';
    await cachedVisit(baseUrl, path);
    const withToken = await visit(baseUrl, path, { authorization: `Bearer ${token}` });
    expect(withToken.status).toBe(200);
    expect(withToken.cached).toBe(false);
  });

  it('shows a new title as soon as the owner saves it', async () => {
    const campaign = await launchedCampaign(token);
    const path = `/campaign/${campaign.url}`;
    const before = await cachedVisit(baseUrl, path);
    const newTitle = `Renamed ${Date.now().toString(36)}`;
    const saved = await patchCampaign(token, campaign.id, { name: newTitle });
    expect(saved.status, saved.text).toBe(200);
    const after = await visit(baseUrl, path);
    expect(before.title).not.toBe(newTitle);
    expect(after.title).toBe(newTitle);
  });
});

describe('a cached campaign page', () => {
  it("shows a new donation's total right after its notification is booked", async () => {
    const campaign = await launchedCampaign(token);
    const path = `/campaign/${campaign.url}`;
    const before = await cachedVisit(baseUrl, path);
    expect(before.raised).toBe(formatMoney(0, 1));

    await bookedPayfastDonation(campaign, 275, token);

    const after = await visit(baseUrl, path);
    expect(after.cached).toBe(false);
    expect(after.raised).toBe(formatMoney(275, 1));
    // And the new total is what the next visitors get from memory.
    expect(await cachedVisit(baseUrl, path)).toMatchObject({ raised: formatMoney(275, 1) });
  });
});

// The same on a second server process sharing the PostgreSQL database (the PostgreSQL pass only):
// the process that did not book the donation learns of it through LISTEN/NOTIFY.
const databaseUrl = inject('databaseUrl');
describe.runIf(databaseUrl.startsWith('postgres'))('two server processes on one PostgreSQL', () => {
  let other: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    other = await startServer({ databaseUrl, env: { PAYFAST_VALID_SOURCES: '127.0.0.1' } });
    expect(other.health?.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await other?.stop();
  });

  it("both show a new donation's total once it is booked by one of them", async () => {
    const campaign = await launchedCampaign(token);
    const path = `/campaign/${campaign.url}`;
    expect((await cachedVisit(baseUrl, path)).raised).toBe(formatMoney(0, 1));
    expect((await cachedVisit(other.baseUrl, path)).raised).toBe(formatMoney(0, 1));

    await bookedPayfastDonation(campaign, 320, token);

    // The booking process waited for its own notifications before answering the ITN.
    expect((await visit(baseUrl, path)).raised).toBe(formatMoney(320, 1));
    // The other process hears of it when the notification reaches it: milliseconds after the commit.
    await expect
      .poll(async () => (await visit(other.baseUrl, path)).raised, { timeout: 2000, interval: 10 })
      .toBe(formatMoney(320, 1));
  });

  it("an owner's edit made through one process shows on the other", async () => {
    const campaign = await launchedCampaign(token);
    const path = `/campaign/${campaign.url}`;
    await cachedVisit(other.baseUrl, path);
    const newTitle = `Elsewhere ${Date.now().toString(36)}`;
    expect((await patchCampaign(token, campaign.id, { name: newTitle })).status).toBe(200);
    await expect
      .poll(async () => (await visit(other.baseUrl, path)).title, { timeout: 2000, interval: 10 })
      .toBe(newTitle);
  });

  it('a process whose database listener was cut serves nothing stale, and caches again once it listens', async () => {
    const campaign = await launchedCampaign(token);
    const path = `/campaign/${campaign.url}`;
    await cachedVisit(other.baseUrl, path);
    // Cut every server's LISTEN connection, as a database restart or a network blip would.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const cut = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()",
      );
      expect(cut.rowCount).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    // It notices (the connection ends) and stops answering from memory, since it could miss changes.
    await expect
      .poll(async () => (await visit(other.baseUrl, path)).cached, { timeout: 5000, interval: 20 })
      .toBe(false);
    const newTitle = `Unheard ${Date.now().toString(36)}`;
    expect((await patchCampaign(token, campaign.id, { name: newTitle })).status).toBe(200);
    expect((await visit(other.baseUrl, path)).title).toBe(newTitle);
    // It reconnects by itself and serves from memory again.
    await expect
      .poll(async () => (await visit(other.baseUrl, path)).cached, { timeout: 10_000, interval: 100 })
      .toBe(true);
  });
});
