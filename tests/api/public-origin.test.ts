import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/http';

// Issue 23 item 4: with a configured PUBLIC_URL (the test server's is its own 127.0.0.1 address),
// a page asked for on another host is redirected to PUBLIC_URL's origin before any form is shown,
// so the links, the session and the CSP's form-action ('self') are that origin's.

/** A request with a Host header of our choosing (fetch will not send one). */
function withHost(
  method: string,
  path: string,
  host: string,
): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { method, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

const port = new URL(baseUrl).port;
const otherHost = `localhost:${port}`;

describe('a page asked for on another host than PUBLIC_URL', () => {
  it('is redirected to PUBLIC_URL with its path and query', async () => {
    expect(await withHost('GET', '/home', otherHost)).toEqual({ status: 302, location: `${baseUrl}/home` });
    expect(await withHost('HEAD', '/find-campaign?q=water', otherHost)).toEqual({
      status: 302,
      location: `${baseUrl}/find-campaign?q=water`,
    });
    // The same page on PUBLIC_URL's own host is served.
    expect((await withHost('GET', '/home', new URL(baseUrl).host)).status).toBe(200);
  });

  it('is not redirected when it is an API call or a file', async () => {
    expect((await withHost('GET', '/api/v1/health', otherHost)).status).toBe(200);
    expect((await withHost('GET', '/robots.txt', otherHost)).status).toBe(200);
  });
});
