import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ozowRequestHash } from '~/lib/server/payments/ozowHash';
import {
  orderPayfastFields,
  type PayfastCheckoutRecord,
  payfastSignature,
} from '~/lib/server/payments/payfastSignature';
import { startServer } from '../../scripts/test-support/server.mjs';
import { baseUrl, page } from './support/http';

// The development tools (the mail outbox under /dev, the gateway simulator under /sandbox) in the
// test server's mode (APP_ENV=test, as development): for this machine only, and the simulator
// talks only to this site.

const FOREIGN = 'http://169.254.169.254/latest/meta-data';

const formPost = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});

/** A PayFast checkout as a merchant signs it (the simulator's public sandbox merchant). */
function payfastCheckout(changes: Record<string, string> = {}): Record<string, string> {
  const fields = {
    merchant_id: '10000100',
    merchant_key: '46f0cd694581a',
    return_url: `${baseUrl}/thanks`,
    cancel_url: `${baseUrl}/home`,
    notify_url: `${baseUrl}/api/v1/payments/payfast/notify`,
    m_payment_id: `dev-tools-${Date.now()}`,
    amount: '50.00',
    item_name: 'A test of the simulator',
    ...changes,
  };
  const ordered = orderPayfastFields(fields as PayfastCheckoutRecord);
  return { ...Object.fromEntries(ordered), signature: payfastSignature(ordered, 'jt7NOE43FZPn') };
}

/** An Ozow payment request, hashed with the simulator's site key. */
function ozowRequest(changes: Record<string, string> = {}): Record<string, string> {
  const fields = {
    SiteCode: 'TSTSTE0001',
    CountryCode: 'ZA',
    CurrencyCode: 'ZAR',
    Amount: '25.00',
    TransactionReference: `dev-tools-${Date.now()}`,
    BankReference: 'DEVTOOLS',
    CancelUrl: `${baseUrl}/home`,
    ErrorUrl: `${baseUrl}/home`,
    SuccessUrl: `${baseUrl}/thanks`,
    NotifyUrl: `${baseUrl}/api/v1/payments/ozow/notify`,
    IsTest: 'true',
    ...changes,
  };
  return { ...fields, HashCheck: ozowRequestHash(fields, 'sandbox-private-key') };
}

async function paypalOrder(returnUrl: string, cancelUrl: string): Promise<{ status: number; text: string }> {
  const token = await fetch(`${baseUrl}/sandbox/paypal/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('sandbox-client-id:sandbox-client-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  expect(token.status).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await fetch(`${baseUrl}/sandbox/paypal/v2/checkout/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'ZAR', value: '30.00' } }],
      application_context: { return_url: returnUrl, cancel_url: cancelUrl },
    }),
  });
  return { status: res.status, text: await res.text() };
}

describe('the simulator notifies and sends browsers only to this site', () => {
  it('PayFast: a notify, return or cancel address elsewhere is refused with a 400 that says why', async () => {
    const own = await page('/sandbox/payfast/eng/process', formPost(payfastCheckout()));
    expect(own.status).toBe(200);
    for (const field of ['notify_url', 'return_url', 'cancel_url']) {
      const foreign = await page(
        '/sandbox/payfast/eng/process',
        formPost(payfastCheckout({ [field]: FOREIGN })),
      );
      expect(foreign.status, field).toBe(400);
      expect(foreign.html).toContain(`${field} must be an address on this site`);
      expect(foreign.html).not.toContain('name="checkout"');
    }
  });

  it('Ozow: a notify, success, cancel or error address elsewhere is refused with a 400 that says why', async () => {
    const own = await page('/sandbox/ozow', formPost(ozowRequest()));
    expect(own.status).toBe(200);
    for (const field of ['NotifyUrl', 'SuccessUrl', 'CancelUrl', 'ErrorUrl']) {
      const foreign = await page(
        '/sandbox/ozow',
        formPost(ozowRequest({ [field]: 'https://evil.example/x' })),
      );
      expect(foreign.status, field).toBe(400);
      expect(foreign.html).toContain(`${field} must be an address on this site`);
    }
  });

  it('PayPal: an order returning elsewhere is refused with a 400 that says why', async () => {
    expect((await paypalOrder(`${baseUrl}/thanks`, `${baseUrl}/home`)).status).toBe(201);
    const foreignReturn = await paypalOrder('https://evil.example/phish', `${baseUrl}/home`);
    expect(foreignReturn.status).toBe(400);
    expect(foreignReturn.text).toContain('return_url must be an address on this site');
    const foreignCancel = await paypalOrder(`${baseUrl}/thanks`, 'https://evil.example/phish');
    expect(foreignCancel.status).toBe(400);
    expect(foreignCancel.text).toContain('cancel_url must be an address on this site');
  });
});

/** An address of this machine that is not loopback (none in some sandboxes: those tests skip). */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('the list of simulators at /sandbox', () => {
  it('names every gateway, what a person does there and the calls our server makes, with no script', async () => {
    const list = await page('/sandbox');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const titles = [...list.html.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      'PayFast',
      'Ozow',
      'PayPal (account and card)',
      'iVeri Lite',
      'SnapScan',
      'Paysoft',
    ]);
    for (const call of [
      '/sandbox/payfast/eng/query/validate',
      '/sandbox/ozow/GetTransactionByReference',
      '/sandbox/paypal/v2/checkout/orders',
      '/sandbox/iveri/Lite/AuthoriseInfo',
      '/sandbox/snapscan/merchant/api/v1/payments',
    ])
      expect(list.html).toContain(call);
    expect(list.html).toContain('href="/sandbox/paysoft"');
    expect(list.html).not.toMatch(/<script/i);
  });
});

describe.skipIf(!networkAddress)('from another machine (a client on a network address)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer({
      host: networkAddress,
      env: { ALLOW_DEV_ON_NETWORK: 'true', SEED_DEMO: 'false' },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });

  it('the site answers, but the outbox and the simulator are not there (whatever X-Forwarded-For says)', async () => {
    expect((await get('/api/v1/health')).status).toBe(200);
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1' }]) {
      const outbox = await get('/dev/outbox.json', { headers });
      expect(outbox.status).toBe(404);
      expect(await outbox.json()).toMatchObject({ data: null, errors: [{ code: 'not_found' }] });
      expect((await get('/dev/outbox', { headers })).status).toBe(404);
      const checkout = await get('/sandbox/payfast/eng/process', { ...formPost(payfastCheckout()), headers });
      expect(checkout.status).toBe(404);
      expect((await get('/sandbox/payfast/itns.json', { headers })).status).toBe(404);
      expect((await get('/sandbox', { headers })).status).toBe(404);
      expect((await get('/sandbox/ozow', { ...formPost(ozowRequest()), headers })).status).toBe(404);
    }
  });

  it('from this machine (the suite server, on loopback) the outbox answers', async () => {
    expect((await page('/dev/outbox.json')).status).toBe(200);
  });

  it('development mode refuses a network HOST without ALLOW_DEV_ON_NETWORK, saying what to do', async () => {
    const refused = startServer({ host: networkAddress, env: { SEED_DEMO: 'false' }, timeoutMs: 60_000 });
    await expect(refused).rejects.toThrow(/exited with code 1/);
    await expect(refused).rejects.toThrow(/APP_ENV=production.*ALLOW_DEV_ON_NETWORK=true/s);
  }, 90_000);
});
