import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Currency, PaymentGateway } from '~/lib/enums';
import {
  capturePaypalOrder,
  paymentOfWebhook,
  startPaypalPayment,
  verifyPaypalWebhook,
} from '~/lib/server/payments/paypal';
import { forgetPaypalToken } from '~/lib/server/payments/paypalClient';
import type { PaymentRequest } from '~/lib/server/payments/types';
import { env } from '~/lib/server/platform/env';

/** A fake PayPal: answers by method and path, recording every call. */
interface Call {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

let calls: Call[];
let routes: Record<string, (call: Call) => { status: number; body: unknown }>;

const json = (status: number, body: unknown) => ({ status, body });

beforeEach(() => {
  calls = [];
  forgetPaypalToken();
  routes = {
    'POST /v1/oauth2/token': () =>
      json(200, { access_token: 'token-1', token_type: 'Bearer', expires_in: 32400 }),
  };
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(new URL(env.payments.paypal.apiUrl).pathname, ''),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : '',
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) return new Response('{}', { status: 404 });
    const { status, body } = route(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const request: PaymentRequest = {
  reference: 'LTS-ABCDEFGHIJ',
  amountCents: 1100,
  currencyId: Currency.Dollar,
  itemName: 'Mthatha netball to the finals',
  donor: { firstName: 'Thabo', lastName: 'Mokoena', email: 'thabo@example.com', mobileNumber: null },
  returnUrl: 'https://letsema.example/thanks?donation=t',
  cancelUrl: 'https://letsema.example/donation/x?cancelled=t',
};

describe('startPaypalPayment', () => {
  it('creates a USD order with our reference and redirects to its approve link', async () => {
    routes['POST /v2/checkout/orders'] = () =>
      json(201, {
        id: '5O190127TN364715T',
        status: 'PAYER_ACTION_REQUIRED',
        links: [
          { href: 'https://api.example/v2/checkout/orders/5O190127TN364715T', rel: 'self' },
          { href: 'https://paypal.example/checkoutnow?token=5O190127TN364715T', rel: 'payer-action' },
        ],
      });
    const start = await startPaypalPayment(request);
    expect(start).toEqual({
      kind: 'redirect',
      url: 'https://paypal.example/checkoutnow?token=5O190127TN364715T',
      gatewayOrderId: '5O190127TN364715T',
    });
    const [token, create] = calls;
    expect(token?.headers.get('authorization')).toBe(
      `Basic ${Buffer.from(`${env.payments.paypal.clientId}:${env.payments.paypal.clientSecret}`).toString('base64')}`,
    );
    expect(token?.body).toBe('grant_type=client_credentials');
    expect(create?.headers.get('authorization')).toBe('Bearer token-1');
    expect(create?.headers.get('paypal-request-id')).toBe(request.reference);
    const body = JSON.parse(create?.body ?? '{}');
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units).toEqual([
      {
        reference_id: request.reference,
        custom_id: request.reference,
        description: request.itemName,
        amount: { currency_code: 'USD', value: '11.00' },
      },
    ]);
    expect(body.payment_source.paypal.experience_context).toMatchObject({
      // The donor's own token rides on the return address: only the browser that started the checkout has it.
      return_url: `${env.publicUrl}/api/v1/payments/paypal/return?donation=t`,
      cancel_url: request.cancelUrl,
    });
  });

  it('logs in once while the token lasts', async () => {
    routes['POST /v2/checkout/orders'] = () =>
      json(201, { id: 'A', status: 'CREATED', links: [{ href: 'https://p.example/a', rel: 'approve' }] });
    await startPaypalPayment(request);
    await startPaypalPayment(request);
    expect(calls.filter((c) => c.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('takes dollars only', async () => {
    await expect(startPaypalPayment({ ...request, currencyId: Currency.Rand })).rejects.toThrow(
      'PayPal takes dollar payments only',
    );
    expect(calls).toHaveLength(0);
  });
});

const capturedOrder = (status: string) => ({
  id: 'ORDER',
  status: 'COMPLETED',
  purchase_units: [
    {
      reference_id: 'LTS-ABCDEFGHIJ',
      payments: {
        captures: [
          {
            id: 'CAPTURE1',
            status,
            amount: { currency_code: 'USD', value: '11.00' },
            custom_id: 'LTS-ABCDEFGHIJ',
          },
        ],
      },
    },
  ],
});

describe('capturePaypalOrder', () => {
  it('turns a completed capture into a paid payment under the capture id', async () => {
    routes['POST /v2/checkout/orders/ORDER/capture'] = () => json(201, capturedOrder('COMPLETED'));
    expect(await capturePaypalOrder('ORDER')).toMatchObject({
      gateway: PaymentGateway.PayPal,
      gatewayPaymentId: 'CAPTURE1',
      reference: 'LTS-ABCDEFGHIJ',
      outcome: 'paid',
      amountCents: 1100,
    });
  });

  it('reports a declined capture as failed', async () => {
    routes['POST /v2/checkout/orders/ORDER/capture'] = () => json(201, capturedOrder('DECLINED'));
    expect((await capturePaypalOrder('ORDER'))?.outcome).toBe('failed');
  });

  it('reads the order when it was captured already, so the same capture is booked', async () => {
    routes['POST /v2/checkout/orders/ORDER/capture'] = () =>
      json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
    routes['GET /v2/checkout/orders/ORDER'] = () => json(200, capturedOrder('COMPLETED'));
    expect((await capturePaypalOrder('ORDER'))?.gatewayPaymentId).toBe('CAPTURE1');
  });

  it('throws when PayPal refuses for another reason', async () => {
    routes['POST /v2/checkout/orders/ORDER/capture'] = () =>
      json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
    await expect(capturePaypalOrder('ORDER')).rejects.toThrow(/422/);
  });
});

describe('verifyPaypalWebhook', () => {
  const headers = new Headers({
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': 'https://api.example/v1/notifications/certs/CERT-1',
    'paypal-transmission-id': 'tx-1',
    'paypal-transmission-sig': 'c2ln',
    'paypal-transmission-time': '2025-01-01T00:00:00Z',
  });
  const event = { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED' };

  it('asks PayPal with the transmission headers and our webhook id', async () => {
    routes['POST /v1/notifications/verify-webhook-signature'] = () =>
      json(200, { verification_status: 'SUCCESS' });
    expect(await verifyPaypalWebhook(headers, event)).toBe(true);
    const verify = calls.find((c) => c.path === '/v1/notifications/verify-webhook-signature');
    expect(JSON.parse(verify?.body ?? '{}')).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: 'https://api.example/v1/notifications/certs/CERT-1',
      transmission_id: 'tx-1',
      transmission_sig: 'c2ln',
      transmission_time: '2025-01-01T00:00:00Z',
      webhook_id: env.payments.paypal.webhookId,
      webhook_event: event,
    });
  });

  it('is false when PayPal says FAILURE, or a header is missing', async () => {
    routes['POST /v1/notifications/verify-webhook-signature'] = () =>
      json(200, { verification_status: 'FAILURE' });
    expect(await verifyPaypalWebhook(headers, event)).toBe(false);
    const partial = new Headers(headers);
    partial.delete('paypal-transmission-sig');
    calls = [];
    expect(await verifyPaypalWebhook(partial, event)).toBe(false);
    expect(calls).toHaveLength(0);
  });
});

describe('paymentOfWebhook', () => {
  const resource = {
    id: 'CAPTURE1',
    status: 'COMPLETED',
    amount: { currency_code: 'USD', value: '11.00' },
    custom_id: 'LTS-ABCDEFGHIJ',
  };

  it('books completed and denied captures under the capture id', () => {
    expect(paymentOfWebhook({ event_type: 'PAYMENT.CAPTURE.COMPLETED', resource })).toMatchObject({
      gatewayPaymentId: 'CAPTURE1',
      reference: 'LTS-ABCDEFGHIJ',
      outcome: 'paid',
      amountCents: 1100,
    });
    expect(
      paymentOfWebhook({
        event_type: 'PAYMENT.CAPTURE.DENIED',
        resource: { ...resource, status: 'DECLINED' },
      })?.outcome,
    ).toBe('failed');
  });

  it('ignores other events', () => {
    expect(paymentOfWebhook({ event_type: 'CHECKOUT.ORDER.APPROVED', resource })).toBeNull();
  });
});
