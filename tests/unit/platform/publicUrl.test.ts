import { describe, expect, it } from 'vitest';
import { canonicalRedirect, listeningUrl, publicUrlOf } from '~/lib/server/platform/publicUrl';

// Issue 23 item 4: with HOST=127.0.0.1 the server printed http://127.0.0.1:PORT while PUBLIC_URL
// defaulted to http://localhost:PORT, so the CSP's form-action ('self') blocked the gateway form.
describe('PUBLIC_URL when it is unset', () => {
  it('is the address the server listens on', () => {
    expect(publicUrlOf({ HOST: '127.0.0.1', PORT: '4421' })).toBe('http://127.0.0.1:4421');
    expect(publicUrlOf({ HOST: 'localhost', PORT: '4421' })).toBe('http://localhost:4421');
    expect(publicUrlOf({ HOST: 'letsema.lan', PORT: '8080' })).toBe('http://letsema.lan:8080');
    expect(publicUrlOf({ HOST: '::1', PORT: '4421' })).toBe('http://[::1]:4421');
    expect(publicUrlOf({ HOST: '[::1]', PORT: '4421' })).toBe('http://[::1]:4421');
  });

  it('is localhost when HOST is unset or listens on every interface', () => {
    expect(publicUrlOf({ PORT: '4421' })).toBe('http://localhost:4421');
    expect(publicUrlOf({})).toBe('http://localhost:4321');
    for (const host of ['0.0.0.0', '::', '[::]', '']) {
      expect(publicUrlOf({ HOST: host, PORT: '4421' }), host).toBe('http://localhost:4421');
      expect(listeningUrl(host, 4421), host).toBe('http://localhost:4421');
    }
  });

  it('is PUBLIC_URL without its trailing slash when it is set (an empty one counts as unset)', () => {
    expect(publicUrlOf({ PUBLIC_URL: 'https://letsema.org.za/', HOST: '127.0.0.1', PORT: '4001' })).toBe(
      'https://letsema.org.za',
    );
    expect(publicUrlOf({ PUBLIC_URL: '', HOST: '127.0.0.1', PORT: '4001' })).toBe('http://127.0.0.1:4001');
  });
});

describe('a request on another origin than PUBLIC_URL', () => {
  const page = (url: string, host: string | undefined, method = 'GET') => ({ method, url, host });
  const configured = 'http://localhost:4421';

  it('is sent to PUBLIC_URL with its path and query when it asks for a page', () => {
    expect(canonicalRedirect(page('/donation/water?tab=recurring', '127.0.0.1:4421'), configured)).toBe(
      'http://localhost:4421/donation/water?tab=recurring',
    );
    expect(canonicalRedirect(page('/', '127.0.0.1:4421', 'HEAD'), configured)).toBe('http://localhost:4421/');
    expect(canonicalRedirect(page('/campaign/x', 'www.letsema.org.za'), 'https://letsema.org.za')).toBe(
      'https://letsema.org.za/campaign/x',
    );
  });

  it('is served where it is when it arrives on PUBLIC_URL’s host (any case; the proxy ends TLS)', () => {
    expect(canonicalRedirect(page('/donation/water', 'localhost:4421'), configured)).toBeNull();
    expect(canonicalRedirect(page('/donation/water', 'LocalHost:4421'), configured)).toBeNull();
    expect(canonicalRedirect(page('/home', 'letsema.org.za'), 'https://letsema.org.za/')).toBeNull();
  });

  it('is served where it is for API calls, notices, files and other methods', () => {
    expect(canonicalRedirect(page('/api/v1/health', '127.0.0.1:4421'), configured)).toBeNull();
    expect(canonicalRedirect(page('/api', '127.0.0.1:4421'), configured)).toBeNull();
    expect(
      canonicalRedirect(page('/api/v1/payments/payfast/notify', '127.0.0.1:4421', 'POST'), configured),
    ).toBeNull();
    expect(canonicalRedirect(page('/donation/water', '127.0.0.1:4421', 'POST'), configured)).toBeNull();
    expect(canonicalRedirect(page('/robots.txt', '127.0.0.1:4421'), configured)).toBeNull();
    expect(canonicalRedirect(page('/_astro/app.js?v=1', '127.0.0.1:4421'), configured)).toBeNull();
  });

  // npm run bench:cluster: Prometheus scraping 127.0.0.1:4001/metrics was sent on to PUBLIC_URL,
  // where nginx refuses the path (DEPLOY.md), so no process could be scraped behind the proxy.
  it('is served where it is for the metrics Prometheus scrapes on each process', () => {
    expect(canonicalRedirect(page('/metrics', '127.0.0.1:4001'), 'https://letsema.org.za')).toBeNull();
  });

  it('is never redirected when PUBLIC_URL is not configured (it is then the listening address)', () => {
    expect(canonicalRedirect(page('/donation/water', '127.0.0.1:4421'), undefined)).toBeNull();
    expect(canonicalRedirect(page('/donation/water', '127.0.0.1:4421'), '')).toBeNull();
  });

  it('is served where it is without a Host header', () => {
    expect(canonicalRedirect(page('/home', undefined), configured)).toBeNull();
  });
});
