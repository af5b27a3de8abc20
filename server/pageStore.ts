// The in-memory store of rendered public pages (and public API answers), shared by the HTTP server
// in front of Astro (server/main.ts serves hits without entering Astro) and by the app inside the
// bundle (src/lib/server/cache fills it and drops what a database change touched). One instance
// per process, on globalThis, because the bundle carries its own copy of this module's code.

/** A stored answer, compressed once when it is stored, never again when it is served. */
export interface CachedPage {
  status: number;
  /** Headers as rendered, without content-encoding, content-length or vary. */
  headers: Record<string, string>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  storedAt: number;
  /** The route pattern that rendered it (/campaign/[url]): a cache hit's metrics label and log line's route. */
  route: string;
}

export interface PageStoreStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  invalidations: number;
}

export interface PageStore {
  /** Read before rendering and hand to put(): an answer rendered across an invalidation is not kept. */
  clock(): number;
  get(key: string): CachedPage | undefined;
  /** Keeps the answer unless one of its tags (or the whole site) was invalidated since `renderedFrom`. */
  put(key: string, page: CachedPage, tags: readonly string[], renderedFrom: number): boolean;
  /** Drops every answer carrying one of the tags; the tag `site` drops everything. */
  invalidate(tags: Iterable<string>): void;
  /** Turns the store off (and empties it) while invalidations might be missed, e.g. database listener down. */
  setEnabled(enabled: boolean): void;
  stats(): PageStoreStats;
}

export const SITE_TAG = 'site';
/** How many per-tag invalidation times are remembered before they are folded into one floor. */
const MAX_REMEMBERED_TAGS = 20_000;

interface Entry {
  page: CachedPage;
  tags: readonly string[];
  bytes: number;
}

export interface PageStoreOptions {
  maxBytes: number;
  /** An answer older than this is rendered again even without a change (days-left counters, expiry). */
  maxAgeMs: number;
  now?: () => number;
}

export function createPageStore({ maxBytes, maxAgeMs, now = Date.now }: PageStoreOptions): PageStore {
  // A Map iterates in insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  const keysByTag = new Map<string, Set<string>>();
  const invalidatedAt = new Map<string, number>();
  let tick = 0;
  let floor = 0;
  let bytes = 0;
  let enabled = maxBytes > 0;
  const counters = { hits: 0, misses: 0, invalidations: 0 };

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  }

  function clear(): void {
    entries.clear();
    keysByTag.clear();
    invalidatedAt.clear();
    bytes = 0;
    floor = tick;
  }

  return {
    clock: () => tick,
    get(key) {
      const entry = entries.get(key);
      if (!entry || now() - entry.page.storedAt > maxAgeMs) {
        if (entry) remove(key);
        counters.misses++;
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      counters.hits++;
      return entry.page;
    },
    put(key, page, tags, renderedFrom) {
      if (!enabled || renderedFrom < floor) return false;
      if (tags.some((tag) => (invalidatedAt.get(tag) ?? 0) > renderedFrom)) return false;
      const size = page.identity.length + page.gzip.length + page.br.length + key.length;
      if (size > maxBytes / 8) return false;
      remove(key);
      entries.set(key, { page, tags, bytes: size });
      bytes += size;
      for (const tag of tags) {
        const keys = keysByTag.get(tag) ?? new Set<string>();
        keys.add(key);
        keysByTag.set(tag, keys);
      }
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
      return true;
    },
    invalidate(tags) {
      tick++;
      counters.invalidations++;
      for (const tag of tags) {
        if (tag === SITE_TAG) {
          clear();
          return;
        }
        invalidatedAt.set(tag, tick);
        for (const key of [...(keysByTag.get(tag) ?? [])]) remove(key);
      }
      if (invalidatedAt.size > MAX_REMEMBERED_TAGS) {
        invalidatedAt.clear();
        floor = tick;
      }
    },
    setEnabled(on) {
      tick++;
      enabled = on && maxBytes > 0;
      clear();
    },
    stats: () => ({ entries: entries.size, bytes, ...counters }),
  };
}

const SHARED = Symbol.for('letsema.pageStore');

/**
 * This process's store: PAGE_CACHE_MB (default 64; 0 turns caching off) bounds its size and
 * PAGE_CACHE_MAX_AGE_S (default 60) the age of what it serves.
 */
export function sharedPageStore(): PageStore {
  const holder = globalThis as { [SHARED]?: PageStore };
  holder[SHARED] ??= createPageStore({
    maxBytes: Number(process.env.PAGE_CACHE_MB ?? 64) * 2 ** 20,
    maxAgeMs: Number(process.env.PAGE_CACHE_MAX_AGE_S ?? 60) * 1000,
  });
  return holder[SHARED];
}
