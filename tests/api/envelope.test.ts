import { describe, expect, it } from 'vitest';
import { api, baseUrl, expectFailureEnvelope, page } from './support/http';

/** What would betray internals: stack frames, file paths, error class dumps. */
function expectNoInternals(text: string): void {
  expect(text).not.toMatch(/\n\s+at\s+\S+/);
  expect(text).not.toMatch(/\bat\s+[\w.<>]+\s+\(/);
  expect(text).not.toMatch(/node_modules|dist\/server|src\/lib|file:\/\//);
  expect(text).not.toMatch(/"stack"\s*:/);
}

describe('unknown API routes', () => {
  it.each(['GET', 'POST', 'PATCH'])(
    '%s on an unknown /api/v1 path is a JSON 404 failure envelope',
    async (method) => {
      const res = await api('/api/v1/no-such-thing/42', { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expectFailureEnvelope(res.body);
      expect(res.body.data).toBeNull();
      expectNoInternals(res.text);
    },
  );

  it('a method an endpoint does not accept is a JSON failure envelope, not HTML', async () => {
    const res = await api('/api/v1/currencies', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect([404, 405]).toContain(res.status);
    expectFailureEnvelope(res.body);
    expectNoInternals(res.text);
  });
});

describe('health', () => {
  it('reports the service and its database as ok', async () => {
    const res = await api('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'ok', database: 'ok' });
    expect(res.body.meta).toBeTypeOf('object');
  });
});

describe('request ids', () => {
  it.each([
    ['a lookup', '/api/v1/currencies'],
    ['the health check', '/api/v1/health'],
    ['an unknown API path', '/api/v1/no-such-thing'],
    ['a page', '/home'],
    ['a missing page', '/no-such-page-at-all'],
  ])('%s answers with an x-request-id header', async (_what, path) => {
    const res = await page(path);
    expect(res.headers.get('x-request-id')).toMatch(/^[\w.:-]{8,}$/);
  });

  it('gives each request its own id', async () => {
    const [a, b] = await Promise.all([fetch(`${baseUrl}/api/v1/health`), fetch(`${baseUrl}/api/v1/health`)]);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it("keeps a proxy's well-formed request id so logs can be correlated", async () => {
    const res = await fetch(`${baseUrl}/api/v1/health`, { headers: { 'x-request-id': 'proxy-1234abcd' } });
    expect(res.headers.get('x-request-id')).toBe('proxy-1234abcd');
  });

  it('replaces a request id that could forge log lines', async () => {
    const res = await fetch(`${baseUrl}/api/v1/health`, { headers: { 'x-request-id': 'bad id <script>' } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[\w.:-]{8,}$/);
    expect(id).not.toContain('script');
  });
});
