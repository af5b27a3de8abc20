import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT, startServer, TEST_DEMO_PASSWORD } from '../../scripts/test-support/server.mjs';
import { verifyAndLogin } from './support/accounts';
import { launchedCampaign, uniqueWord } from './support/campaigns';
import { getData } from './support/http';

// Issue 28, item 6: search at scale. The count stops at 1000 matches and says so; paging walks
// every order without repeating or skipping a campaign, ties included; a place matches by any part
// of its name exactly as ILIKE does, whether the trigram indexes serve it or not.

interface Card {
  id: string;
  status: number;
  endDate: string | null;
  createdAt: string;
  raisedOnPlatform: number;
}

interface Pagination {
  totalCount: number;
  pageCount: number;
  pageNo: number;
  pageSize: number;
  moreThanTotalCount?: true;
}

interface CardPage {
  items: Card[];
  paginationMetadata: Pagination;
}

const SCALE_CAMPAIGNS = 1200;

/** Runs `npm run db:seed:scale` with `env`; rejects with its output when it fails. */
function seedScale(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'db:seed:scale'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`db:seed:scale exited with ${code}: ${output.slice(-2000)}`)),
    );
  });
}

/** A database of its own on the suite's PostgreSQL server (dropped afterwards). */
async function scratchDatabase(suiteUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `letsema_scale_${process.pid}_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: suiteUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(suiteUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

// A server of its own on a database holding the scale seed's 1200 campaigns (a small
// `npm run db:seed:scale`), on the suite's database kind: PGlite, or PostgreSQL.
describe('searching more campaigns than are counted', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'letsema-search-scale-'));
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | null = null;
  let server: Awaited<ReturnType<typeof startServer>> | null = null;

  const search = async (query: string): Promise<CardPage> => {
    const response = await fetch(`${server?.baseUrl}/api/v1/campaigns/filter-campaigns/?${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: CardPage }).data;
  };

  /** Every page of a search, as 'Load more' reads them: page after page while the count says there is one. */
  const everyPage = async (query: string, pageSize: number): Promise<Card[]> => {
    const cards: Card[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await search(`${query}&pageSize=${pageSize}&pageNo=${pageNo}`);
      cards.push(...page.items);
      if (pageNo >= page.paginationMetadata.pageCount) return cards;
    }
  };

  beforeAll(async () => {
    const suiteUrl = inject('databaseUrl');
    scratch = suiteUrl.startsWith('postgres') ? await scratchDatabase(suiteUrl) : null;
    const databaseUrl = scratch?.url ?? '';
    await seedScale({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      SEED_DEMO: 'true',
      DEMO_PASSWORD: TEST_DEMO_PASSWORD,
      SCALE_CAMPAIGNS: String(SCALE_CAMPAIGNS),
      SCALE_DONATIONS: '6000',
    });
    server = await startServer({ databaseUrl, dataDir, env: { JWT_SECRET: inject('jwtSecret') } });
    expect(server.health?.status).toBe(200);
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts 1000 and says there are more, counts on to the page asked for, and exactly when fewer match', async () => {
    const first = await search('pageSize=12');
    expect(first.items).toHaveLength(12);
    expect(first.paginationMetadata).toEqual({
      totalCount: 1000,
      pageCount: 84,
      pageNo: 1,
      pageSize: 12,
      moreThanTotalCount: true,
    });
    // Past the thousandth, the count goes to the end of the page asked for, and a page further.
    expect((await search('pageSize=12&pageNo=90')).paginationMetadata).toEqual({
      totalCount: 1080,
      pageCount: 91,
      pageNo: 90,
      pageSize: 12,
      moreThanTotalCount: true,
    });
    // A page past every match counts them all: more than 1000, exactly.
    const last = await search('pageSize=48&pageNo=26');
    expect(last.paginationMetadata.moreThanTotalCount).toBeUndefined();
    expect(last.paginationMetadata.totalCount).toBeGreaterThan(SCALE_CAMPAIGNS);
    expect(last.paginationMetadata.totalCount).toBeLessThan(26 * 48);
    // A narrower search is counted exactly.
    const category = await search('campaignCategoryIds=5');
    expect(category.paginationMetadata.moreThanTotalCount).toBeUndefined();
    expect(category.paginationMetadata.totalCount).toBeGreaterThan(12);
    expect(category.paginationMetadata.totalCount).toBeLessThan(1000);
  });

  it('loads more, page after page, until every campaign was shown once', async () => {
    const total = (await search('pageSize=48&pageNo=26')).paginationMetadata.totalCount;
    const cards = await everyPage('orderBy=newest', 12);
    expect(cards).toHaveLength(total);
    expect(new Set(cards.map((c) => c.id)).size).toBe(total);
  }, 120_000);

  it('pages by most raised with equal amounts in one order: no campaign repeated or left out', async () => {
    const total = (await search('pageSize=48&pageNo=26')).paginationMetadata.totalCount;
    const cards = await everyPage('orderBy=mostRaised', 48);
    expect(new Set(cards.map((c) => c.id)).size).toBe(total);
    // Most raised first; among equals (most raised nothing) the newest first, then by id.
    expect(cards.filter((c) => c.raisedOnPlatform === 0).length).toBeGreaterThan(48);
    for (const [a, b] of cards.slice(1).map((card, i) => [cards[i] as Card, card] as const)) {
      expect(a.raisedOnPlatform).toBeGreaterThanOrEqual(b.raisedOnPlatform);
      if (a.raisedOnPlatform !== b.raisedOnPlatform) continue;
      expect(a.createdAt >= b.createdAt).toBe(true);
      if (a.createdAt === b.createdAt) expect(a.id < b.id).toBe(true);
    }
  }, 60_000);

  it('pages by ending soon: active campaigns with an end date ahead first, soonest first, the rest by end date', async () => {
    const total = (await search('pageSize=48&pageNo=26')).paginationMetadata.totalCount;
    const cards = await everyPage('orderBy=endingSoon', 48);
    expect(new Set(cards.map((c) => c.id)).size).toBe(total);
    const running = (c: Card) => c.status === 0 && c.endDate !== null;
    const lastRunning = cards.length - 1 - [...cards].reverse().findIndex(running);
    expect(lastRunning).toBeGreaterThan(48);
    expect(cards.slice(0, lastRunning + 1).every(running)).toBe(true);
    expect(cards.slice(lastRunning + 1).some((c) => c.endDate === null)).toBe(true);
    const end = (c: Card) => c.endDate ?? '9999';
    for (const [a, b] of cards.slice(1).map((card, i) => [cards[i] as Card, card] as const)) {
      if (running(a) !== running(b)) continue;
      expect(end(a) <= end(b)).toBe(true);
      if (a.endDate === b.endDate && a.endDate !== null) expect(a.id < b.id).toBe(true);
    }
  }, 60_000);

  it('pages by most raised and ending soon within a search as well', async () => {
    const query = 'searchText=school&campaignCategoryIds=2,5,9';
    const { totalCount } = (await search(`${query}&pageSize=48`)).paginationMetadata;
    expect(totalCount).toBeGreaterThan(48);
    for (const order of ['mostRaised', 'endingSoon', 'oldest']) {
      const cards = await everyPage(`${query}&orderBy=${order}`, 12);
      expect(cards).toHaveLength(totalCount);
      expect(new Set(cards.map((c) => c.id)).size).toBe(totalCount);
    }
  }, 60_000);
});

describe('the place filter', () => {
  const word = uniqueWord('plc');
  const token = uniqueWord('');
  // City and province of each campaign; `%` and `_` are letters here, not patterns.
  const places = [
    { city: `Mbombela${token}`, province: 'Mpumalanga' },
    { city: `eMalahleni ${token}`, province: 'Mpumalanga' },
    { city: `Port_${token}%`, province: 'Eastern Cape' },
    { city: `${token}ville`, province: 'Free State' },
  ];
  const ids: string[] = [];

  beforeAll(async () => {
    const owner = await verifyAndLogin({ firstName: 'Pula', lastName: 'Place' });
    for (const [i, address] of places.entries()) {
      ids.push((await launchedCampaign(owner.accessToken, { name: `Place ${word} ${i}`, address })).id);
    }
  }, 60_000);

  /** The campaigns of this test whose city or province contains `text`, in any case (ILIKE's rule). */
  const expected = (text: string): string[] =>
    ids
      .filter((_, i) => {
        const place = places[i];
        return [place?.city ?? '', place?.province ?? ''].some((field) =>
          field.toLowerCase().includes(text.toLowerCase()),
        );
      })
      .sort();

  it('finds a town or province by any part of its name, in any case, as ILIKE does', async () => {
    const texts = [
      token,
      token.toUpperCase(),
      `ombela${token.slice(0, 3)}`,
      `${token.slice(4)}vil`,
      token.slice(2, 4),
      'mpumalanga',
      'MALAH',
      `_${token}%`,
      '%',
      '_',
      'Port_',
      `${token}x`,
    ];
    for (const text of texts) {
      const found = await getData<CardPage>(
        `/api/v1/campaigns/filter-campaigns/?searchText=${word}&address=${encodeURIComponent(text)}&pageSize=48`,
      );
      expect(found.items.map((c) => c.id).sort(), `address=${text}`).toEqual(expected(text));
    }
    expect(expected(token)).toHaveLength(4);
    expect(expected(`_${token}%`)).toHaveLength(1);
  });
});
