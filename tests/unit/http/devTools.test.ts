import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { sandboxGate } from '~/lib/server/http/middleware/sandboxGate';
import { isLoopbackClient } from '~/lib/server/platform/devTools';
import { devOnNetworkProblem, env, isLoopbackHost } from '~/lib/server/platform/env';
import { isOwnUrl } from '~/lib/server/sandbox/sandboxHttp';

// Unit tests run outside production (APP_ENV=test): the outbox and the simulator are on, so
// only the client's address decides.
const passed = new Response('dev tool');

/** A request as the Node adapter hands it over: `clientAddress` is the socket's peer. */
function request(path: string, clientAddress: string | Error, headers: Record<string, string> = {}) {
  const ctx = {
    url: new URL(`http://localhost:4321${path}`),
    request: new Request(`http://localhost:4321${path}`, { headers }),
    locals: { requestId: 'test-request' },
    rewrite: async (to: string) => new Response(`rewritten to ${to}`, { status: 404 }),
    get clientAddress(): string {
      if (clientAddress instanceof Error) throw clientAddress;
      return clientAddress;
    },
  };
  return ctx as unknown as APIContext;
}

const gate = async (path: string, clientAddress: string | Error, headers?: Record<string, string>) =>
  (await sandboxGate(request(path, clientAddress, headers), async () => passed)) as Response;

describe('the development tools answer only this machine', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'loopback %s is let through',
    async (address) => {
      expect(isLoopbackClient(request('/', address))).toBe(true);
      expect(await gate('/dev/outbox.json', address)).toBe(passed);
      expect(await gate('/dev/outbox', address)).toBe(passed);
      expect(await gate('/sandbox/payfast/eng/process', address)).toBe(passed);
    },
  );

  it.each(['192.0.2.2', '10.0.0.7', '::ffff:192.168.1.5', 'fd00::2', '2001:db8::1'])(
    '%s gets the 404s production gives',
    async (address) => {
      const outbox = await gate('/dev/outbox.json', address);
      expect(outbox.status).toBe(404);
      expect(await outbox.json()).toMatchObject({ data: null, errors: [{ code: 'not_found' }] });
      const page = await gate('/dev/outbox/some-id', address);
      expect(page.status).toBe(404);
      expect(await page.text()).toBe('rewritten to /404');
      for (const path of ['/sandbox', '/sandbox/payfast/eng/checkout', '/sandbox/paypal/v1/oauth2/token']) {
        expect((await gate(path, address)).status, path).toBe(404);
      }
    },
  );

  it('believes no forwarding header: a network client naming 127.0.0.1 is still refused', async () => {
    const headers = { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' };
    expect((await gate('/dev/outbox.json', '192.0.2.2', headers)).status).toBe(404);
    expect((await gate('/sandbox/payfast/eng/process', '192.0.2.2', headers)).status).toBe(404);
  });

  it('refuses when the address is unknown', async () => {
    expect((await gate('/dev/outbox.json', new Error('clientAddress is not available'))).status).toBe(404);
    expect((await gate('/sandbox/ozow', '')).status).toBe(404);
  });

  it('leaves every other path to the app, from anywhere', async () => {
    expect(await gate('/developers', '192.0.2.2')).toBe(passed);
    expect(await gate('/sandboxes-of-the-karoo', '192.0.2.2')).toBe(passed);
    expect(await gate('/api/v1/payments/payfast/notify', '192.0.2.2')).toBe(passed);
  });
});

describe('development mode on a network address', () => {
  const dev = { isProduction: false, appEnv: 'development' as const, allowDevOnNetwork: false };

  it.each(['localhost', '127.0.0.1', '127.0.1.1', '::1', '[::1]', '::ffff:127.0.0.1'])(
    'HOST=%s is allowed',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
      expect(devOnNetworkProblem({ ...dev, host })).toBeNull();
    },
  );

  it.each(['0.0.0.0', '::', '', '192.0.2.2', 'letsema.example'])(
    'HOST=%j refuses, saying what to do',
    (host) => {
      const problem = devOnNetworkProblem({ ...dev, host });
      expect(problem).toContain('Refusing to start');
      expect(problem).toContain('APP_ENV=production');
      expect(problem).toContain('ALLOW_DEV_ON_NETWORK=true');
    },
  );

  it('is allowed in production, and outside it with ALLOW_DEV_ON_NETWORK=true', () => {
    expect(
      devOnNetworkProblem({ ...dev, host: '0.0.0.0', isProduction: true, appEnv: 'production' }),
    ).toBeNull();
    expect(devOnNetworkProblem({ ...dev, host: '0.0.0.0', allowDevOnNetwork: true })).toBeNull();
  });

  it('test mode serves the same tools, so it refuses too', () => {
    expect(devOnNetworkProblem({ ...dev, appEnv: 'test', host: '0.0.0.0' })).toContain('APP_ENV is test');
  });
});

describe('the simulator notifies and returns only to this site', () => {
  it('accepts addresses on PUBLIC_URL', () => {
    expect(isOwnUrl(`${env.publicUrl}/api/v1/payments/payfast/notify`)).toBe(true);
    expect(isOwnUrl(`${env.publicUrl}/thanks?donation=x`)).toBe(true);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'https://evil.example/phish',
    `${env.publicUrl}.evil.example/`,
    `${env.publicUrl.replace('http:', 'https:')}/thanks`,
    'javascript:alert(1)',
    '//evil.example/',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isOwnUrl(url)).toBe(false);
  });
});
