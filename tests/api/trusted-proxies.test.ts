import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../../scripts/test-support/server.mjs';
import { baseUrl } from './support/http';

// Issue 28, item 4: behind the reverse proxies of TRUSTED_PROXIES (this suite's server trusts
// loopback, where the tests run), the client is the rightmost X-Forwarded-For address that is not
// a proxy. Every per-address limit and the development tools' loopback check use it.

const forgotPassword = (server: string, forwardedFor?: string) =>
  fetch(`${server}/api/v1/authentication/forgot-password`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email: `nobody.${randomUUID().slice(0, 8)}@example.co.za` }),
  });

// The limits as deployed, on a server of its own: the suite's server multiplies the scaled limits
// by 1000 (RATE_LIMIT_FACTOR). Once, in the PGlite pass.
describe.runIf(inject('databaseUrl') === 'memory://')('per-address limits behind a trusted proxy', () => {
  let own: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    own = await startServer({
      env: { RATE_LIMIT_FACTOR: '1', TRUSTED_PROXIES: '127.0.0.1, ::1', JWT_SECRET: inject('jwtSecret') },
    });
    expect(own.health?.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await own?.stop();
  });

  it('count each client by its own address: one using up its limit leaves the others theirs', async () => {
    const statuses: number[] = [];
    // forgot-password allows 10 requests an hour from one address.
    for (let i = 0; i < 11; i++)
      statuses.push((await forgotPassword(own.baseUrl, '198.51.100.20, 127.0.0.1')).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    // Another client behind the same proxy, and one on IPv6, are not held back by the first.
    expect((await forgotPassword(own.baseUrl, '203.0.113.77')).status).toBe(200);
    expect((await forgotPassword(own.baseUrl, '2001:db8::77')).status).toBe(200);
    // Without the header the request is the proxy's own (loopback), with its own budget.
    expect((await forgotPassword(own.baseUrl)).status).toBe(200);
  });
});

describe('the client behind a trusted proxy', () => {
  it('is not loopback because the proxy is: the outbox refuses a forwarded client', async () => {
    expect((await fetch(`${baseUrl}/dev/outbox.json`)).status).toBe(200);
    for (const forwardedFor of ['198.51.100.9', '198.51.100.9, 127.0.0.1', '2001:db8::9'])
      expect(
        (await fetch(`${baseUrl}/dev/outbox.json`, { headers: { 'x-forwarded-for': forwardedFor } })).status,
      ).toBe(404);
  });

  it('cannot pose as loopback through the header when a real client stands in front of it', async () => {
    // The client wrote "127.0.0.1" itself; the proxy appended the address it saw.
    const spoofed = await fetch(`${baseUrl}/dev/outbox.json`, {
      headers: { 'x-forwarded-for': '127.0.0.1, 198.51.100.10' },
    });
    expect(spoofed.status).toBe(404);
  });
});
