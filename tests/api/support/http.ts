import { expect, inject } from 'vitest';
import { eventually } from '../../support/eventually';

/** The server under test: the one global-setup.ts starts for the run, unless the file chose its own (useServer). */
export let baseUrl: string = inject('baseUrl');

/**
 * Points this test file's helpers at a server the file started itself (startServer, for settings
 * the suite's server does not have). Each test file has its own modules, so no other file is moved.
 */
export function useServer(url: string): void {
  baseUrl = url;
}

export interface ApiErrorItem {
  code: string;
  field?: string;
  displayMessage: string;
}

/** DESIGN.md §4: success `{ data, meta }`; failure adds `errors`, with `data` a field map or null. */
export interface Envelope<T = unknown> {
  data: T;
  meta: { message?: string; requestId?: string };
  errors?: ApiErrorItem[];
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** The raw body, for checks that must not depend on parsing. */
  text: string;
  body: Envelope<T>;
}

/**
 * Calls the API and parses the envelope. The body must be JSON: a non-JSON
 * answer from an API path fails the test with what came back instead, except a
 * download (a 2xx with `content-disposition: attachment`: a receipt, a CSV, a
 * data export), whose envelope is empty and whose text names the file.
 */
export async function api<T = unknown>(path: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', ...init });
  const disposition = response.headers.get('content-disposition') ?? '';
  if (response.ok && /^attachment\b/i.test(disposition)) {
    const size = (await response.arrayBuffer()).byteLength;
    const text = `${response.headers.get('content-type')} download (${size} bytes): ${disposition}`;
    return { status: response.status, headers: response.headers, text, body: { data: null as T, meta: {} } };
  }
  const text = await response.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(
      `${init.method ?? 'GET'} ${path} answered ${response.status} with a non-JSON body: ${text.slice(0, 300)}`,
    );
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** GET an endpoint and check it answers 200 with the success envelope; returns `data`. */
export async function getData<T = unknown>(path: string): Promise<T> {
  const res = await api<T>(path);
  expect(res.status, `GET ${path}: ${res.text.slice(0, 300)}`).toBe(200);
  expectSuccessEnvelope(res.body);
  return res.body.data;
}

export function expectSuccessEnvelope(body: Envelope): void {
  expect(body).toHaveProperty('data');
  expect(body.meta, 'meta is an object').toBeTypeOf('object');
  expect(body.meta).not.toBeNull();
  expect(body).not.toHaveProperty('errors');
}

export function expectFailureEnvelope(body: Envelope): void {
  expect(body).toHaveProperty('data');
  expect(body.data === null || typeof body.data === 'object').toBe(true);
  expect(body.meta.message, 'meta.message').toBeTypeOf('string');
  expect(body.meta.message?.length).toBeGreaterThan(0);
  expect(Array.isArray(body.errors), 'errors is an array').toBe(true);
  expect(body.errors?.length).toBeGreaterThan(0);
  for (const error of body.errors ?? []) {
    expect(error.code).toBeTypeOf('string');
    expect(error.displayMessage).toBeTypeOf('string');
  }
}

/** A page (HTML) request; never follows redirects so tests see each hop. */
export async function page(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; html: string }> {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/**
 * Asks until the answer comes from the page cache: the second time, unless a test running
 * alongside made a site-wide change (a banner, someone's name: account deletions rename people)
 * or the PostgreSQL listener reconnected, either of which empties the cache in between. Each
 * retry waits a little longer (up to 200 ms), so a burst of such changes from the other test
 * files passes. Never cached in 40 tries (about 6 s) is a cache that does not work, and fails
 * the test.
 */
export async function untilCached<T>(
  ask: () => Promise<T>,
  cached: (answer: T) => boolean,
  what: string,
): Promise<T> {
  return eventually(
    async () => {
      const answer = await ask();
      expect(cached(answer), `${what} was not served from the cache`).toBe(true);
      return answer;
    },
    { tries: 41, timeout: 30_000, interval: (attempt) => Math.min(attempt * 20, 200) },
  );
}

/** A GET of a page or file, read whole, with whether it came from the page cache. */
export async function getPage(path: string): Promise<{ res: Response; body: string; cached: boolean }> {
  const res = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
  const body = await res.text();
  return { res, body, cached: res.headers.get('x-page-cache') === 'hit' };
}

/** GET until the answer comes from the page cache (see untilCached). */
export const getCachedPage = (path: string) =>
  untilCached(
    () => getPage(path),
    (a) => a.cached,
    path,
  );

/** A gateway's absolute URL (a redirect, a return) as a path on the server under test. */
export function pathOf(url: string): string {
  const u = new URL(url, baseUrl);
  return u.pathname + u.search;
}
