import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../../server/encoding.ts';
import { type CachedPage, createPageStore } from '../../../server/pageStore.ts';

// The page store decides what a visitor gets without rendering: it must never hand out a page
// rendered from data that changed while it was rendering, and must stay within its size.

function page(text: string, storedAt = 0): CachedPage {
  const body = Buffer.from(text);
  return {
    status: 200,
    headers: {},
    identity: body,
    gzip: body,
    br: body,
    etag: `"${text}"`,
    storedAt,
    route: '/home',
  };
}

function store(overrides: Partial<Parameters<typeof createPageStore>[0]> = {}) {
  let now = 0;
  const pages = createPageStore({ maxBytes: 10_000, maxAgeMs: 60_000, now: () => now, ...overrides });
  return { pages, advance: (ms: number) => (now += ms) };
}

describe('the page store', () => {
  it('serves what it kept until one of its tags is invalidated', () => {
    const { pages } = store();
    pages.put('/campaign/a', page('a'), ['c:1', 'o:9'], pages.clock());
    pages.put('/campaign/b', page('b'), ['c:2'], pages.clock());
    expect(pages.get('/campaign/a')?.etag).toBe('"a"');
    pages.invalidate(['o:9']);
    expect(pages.get('/campaign/a')).toBeUndefined();
    expect(pages.get('/campaign/b')?.etag).toBe('"b"');
  });

  it('refuses a page rendered before a change to what it shows', () => {
    const { pages } = store();
    const renderedFrom = pages.clock();
    pages.invalidate(['c:1']);
    expect(pages.put('/campaign/a', page('old total'), ['c:1'], renderedFrom)).toBe(false);
    expect(pages.get('/campaign/a')).toBeUndefined();
    // A change elsewhere does not stop it.
    const later = pages.clock();
    pages.invalidate(['c:2']);
    expect(pages.put('/campaign/a', page('current'), ['c:1'], later)).toBe(true);
  });

  it('drops everything when the whole site changes, including renders under way', () => {
    const { pages } = store();
    const renderedFrom = pages.clock();
    pages.put('/home', page('home'), ['lists'], renderedFrom);
    pages.invalidate(['site']);
    expect(pages.get('/home')).toBeUndefined();
    expect(pages.put('/about', page('about'), [], renderedFrom)).toBe(false);
  });

  it('renders again a page older than its maximum age', () => {
    const { pages, advance } = store({ maxAgeMs: 1000 });
    pages.put('/home', page('home', 0), [], pages.clock());
    advance(999);
    expect(pages.get('/home')).toBeDefined();
    advance(2);
    expect(pages.get('/home')).toBeUndefined();
  });

  it('stays within its size by dropping the least recently used page', () => {
    // Each page weighs about 3 000 bytes (three encodings of 1 000), so ten fit in 30 100.
    const { pages } = store({ maxBytes: 30_100 });
    const big = (name: string) => page(name.padEnd(1000, '.'));
    for (let n = 1; n <= 10; n++) expect(pages.put(`/${n}`, big(`${n}`), [], pages.clock())).toBe(true);
    pages.get('/1');
    pages.put('/11', big('11'), [], pages.clock());
    expect(pages.get('/2')).toBeUndefined();
    expect(pages.get('/1')).toBeDefined();
    expect(pages.get('/11')).toBeDefined();
    expect(pages.stats().bytes).toBeLessThanOrEqual(30_100);
  });

  it('does not let one huge page push out the rest', () => {
    const { pages } = store({ maxBytes: 30_000 });
    expect(pages.put('/huge', page('x'.repeat(2000)), [], pages.clock())).toBe(false);
  });

  it('keeps nothing while switched off (its invalidations could be missed)', () => {
    const { pages } = store();
    pages.put('/home', page('home'), [], pages.clock());
    pages.setEnabled(false);
    expect(pages.get('/home')).toBeUndefined();
    expect(pages.put('/home', page('home'), [], pages.clock())).toBe(false);
    pages.setEnabled(true);
    expect(pages.put('/home', page('home'), [], pages.clock())).toBe(true);
  });
});

describe('content negotiation', () => {
  const both = { br: true, gzip: true };
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %s gets %s', (accept, expected) => {
    expect(preferredEncoding(accept, both)).toBe(expected);
  });

  it('offers only what exists', () => {
    expect(preferredEncoding('br', { br: false, gzip: true })).toBeUndefined();
  });
});
