import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/http';

// Issue 28, item 4: behind the reverse proxies of TRUSTED_PROXIES (this suite's server trusts
// loopback, where the tests run), the client is the rightmost X-Forwarded-For address that is not
// a proxy. Every per-address limit and the development tools' loopback check use it.

const forgotPassword = (forwardedFor?: string) =>
  fetch(`${baseUrl}/api/v1/authentication/forgot-password`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email: `nobody.${randomUUID().slice(0, 8)}@example.co.za` }),
  });

describe('the client behind a trusted proxy', () => {
  it('is counted by its own address: one client using up its limit leaves the others theirs', async () => {
    const first = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;
    const statuses: number[] = [];
    // forgot-password allows 10 requests an hour from one address.
    for (let i = 0; i < 11; i++) statuses.push((await forgotPassword(`${first}, 127.0.0.1`)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another client behind the same proxy, and one on IPv6, are not held back by the first.
    expect((await forgotPassword('203.0.113.77')).status).toBe(200);
    expect((await forgotPassword(`2001:db8::${Math.floor(Math.random() * 9000) + 1000}`)).status).toBe(200);
  });

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
