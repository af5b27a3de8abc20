import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Currency, PaymentGateway } from '~/lib/enums';
import {
  payfastCellNumber,
  startPayfastPayment,
  verifyPayfastNotification,
} from '~/lib/server/payments/payfast';
import { payfastSignature } from '~/lib/server/payments/payfastSignature';
import { isAllowedPayfastSource, PAYFAST_PUBLISHED_SOURCES } from '~/lib/server/payments/payfastSource';
import type { PaymentRequest } from '~/lib/server/payments/types';
import { env } from '~/lib/server/platform/env';

const PASSPHRASE = 'jt7NOE43FZPn';
const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

/** A stand-in for PayFast's /eng/query/validate: answers what the test says, and records what it was sent. */
let answer: { status: number; body: string } = { status: 200, body: 'VALID' };
const received: string[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push(`${request.method} ${request.url} ${body}`);
      response.writeHead(answer.status, { 'content-type': 'text/plain' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  env.payments.payfast.processUrl = `http://127.0.0.1:${port}`;
  env.payments.payfast.passphrase = PASSPHRASE;
  env.payments.payfast.merchantId = '10000100';
  env.payments.payfast.merchantKey = '46f0cd694581a';
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  answer = { status: 200, body: 'VALID' };
  received.length = 0;
  env.payments.payfast.validSourceAddresses = [];
});

/** An ITN as PayFast posts it: the fields in its order, then the signature over them. */
function itn(overrides: Record<string, string> = {}, passphrase = PASSPHRASE): string {
  const fields: Record<string, string> = {
    m_payment_id: 'LTS-ABCDEFGHJK',
    pf_payment_id: '1089250',
    payment_status: 'COMPLETE',
    item_name: 'Help Lwazi walk again',
    item_description: '',
    amount_gross: '280.00',
    amount_fee: '-11.31',
    amount_net: '268.69',
    custom_str1: '',
    name_first: 'Thabo',
    name_last: 'Mokoena',
    email_address: 'thabo@example.co.za',
    merchant_id: '10000100',
    ...overrides,
  };
  const unsigned = new URLSearchParams(fields).toString();
  return `${unsigned}&signature=${md5(`${unsigned}&passphrase=${passphrase}`)}`;
}

describe('verifyPayfastNotification', () => {
  it('accepts a genuine ITN from loopback and maps it to a payment', async () => {
    const result = await verifyPayfastNotification(new URLSearchParams(itn()), '127.0.0.1');
    expect(result).toEqual({
      ok: true,
      payment: expect.objectContaining({
        gateway: PaymentGateway.PayFast,
        gatewayPaymentId: '1089250',
        reference: 'LTS-ABCDEFGHJK',
        outcome: 'paid',
        amountCents: 28000,
      }),
    });
    if (result.ok) expect(result.payment.subscriptionToken).toBeUndefined();
    // The confirmation posts the parameters back without the signature.
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(
      /^POST \/eng\/query\/validate m_payment_id=LTS-ABCDEFGHJK&pf_payment_id=1089250/,
    );
    expect(received[0]).toContain('item_name=Help+Lwazi+walk+again&item_description=&amount_gross=280.00');
    expect(received[0]).not.toContain('signature');
  });

  it('accepts a plain record as the body too', async () => {
    const body = Object.fromEntries(new URLSearchParams(itn()));
    expect((await verifyPayfastNotification(body, '::1')).ok).toBe(true);
  });

  it.each([
    ['FAILED', 'failed'],
    ['CANCELLED', 'cancelled'],
  ])('maps payment_status %s to %s', async (status, outcome) => {
    const result = await verifyPayfastNotification(
      new URLSearchParams(itn({ payment_status: status })),
      '127.0.0.1',
    );
    expect(result.ok && result.payment.outcome).toBe(outcome);
  });

  it('carries the subscription token of a recurring payment', async () => {
    const body = itn({ token: 'dc0521d3-55fe-269b-fa00-b647310d760f', billing_date: '2026-12-15' });
    const result = await verifyPayfastNotification(new URLSearchParams(body), '127.0.0.1');
    expect(result.ok && result.payment.subscriptionToken).toBe('dc0521d3-55fe-269b-fa00-b647310d760f');
  });

  it('refuses a bad signature without asking PayFast', async () => {
    const forged = itn().replace('amount_gross=280.00', 'amount_gross=2.80');
    expect(await verifyPayfastNotification(new URLSearchParams(forged), '127.0.0.1')).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    const otherPassphrase = itn({}, 'not-ours');
    expect((await verifyPayfastNotification(new URLSearchParams(otherPassphrase), '127.0.0.1')).ok).toBe(
      false,
    );
    expect(received).toHaveLength(0);
  });

  it('refuses an unknown source address: only loopback when none are configured', async () => {
    const result = await verifyPayfastNotification(new URLSearchParams(itn()), '203.0.113.9');
    expect(result).toEqual({
      ok: false,
      reason: expect.stringContaining('unknown source address 203.0.113.9'),
    });
    expect((await verifyPayfastNotification(new URLSearchParams(itn()), null)).ok).toBe(false);
    expect(received).toHaveLength(0);
  });

  it('uses PAYFAST_VALID_SOURCES when configured', async () => {
    env.payments.payfast.validSourceAddresses = ['127.0.0.1'];
    expect((await verifyPayfastNotification(new URLSearchParams(itn()), '127.0.0.2')).ok).toBe(false);
    expect((await verifyPayfastNotification(new URLSearchParams(itn()), '::ffff:127.0.0.1')).ok).toBe(true);
  });

  it('refuses an ITN PayFast does not confirm, and asks for it again when PayFast could not answer', async () => {
    answer = { status: 200, body: 'INVALID' };
    expect(await verifyPayfastNotification(new URLSearchParams(itn()), '127.0.0.1')).toEqual({
      ok: false,
      reason: "server confirmation answered 'INVALID'",
      retry: false,
    });
    // A failing confirmation says nothing about the ITN: the endpoint answers 5xx so PayFast retries.
    answer = { status: 500, body: 'VALID' };
    expect(await verifyPayfastNotification(new URLSearchParams(itn()), '127.0.0.1')).toEqual({
      ok: false,
      reason: 'server confirmation answered HTTP 500',
      retry: true,
    });
  });

  it('refuses an unknown status, another merchant or a missing payment id', async () => {
    for (const overrides of [
      { payment_status: 'PENDING' },
      { merchant_id: '10000101' },
      { pf_payment_id: '' },
    ]) {
      const result = await verifyPayfastNotification(new URLSearchParams(itn(overrides)), '127.0.0.1');
      expect(result.ok, JSON.stringify(overrides)).toBe(false);
    }
  });
});

describe('isAllowedPayfastSource', () => {
  it.each([
    ['127.0.0.1', [], true],
    ['127.9.8.7', [], true],
    ['::1', [], true],
    ['::ffff:127.0.0.1', [], true],
    ['10.0.0.1', [], false],
    ['197.97.145.150', ['197.97.145.144/28'], true],
    ['197.97.145.160', ['197.97.145.144/28'], false],
    ['127.0.0.1', ['197.97.145.144/28'], false],
    ['41.74.179.194', ['144.126.193.139', '41.74.179.194'], true],
  ] as const)('%s with %j → %s', (address, allowed, expected) => {
    expect(isAllowedPayfastSource(address, allowed)).toBe(expected);
  });

  it("trusts PayFast's published ranges, and neither loopback nor anyone else, with the production default", () => {
    for (const address of [
      '197.97.145.145',
      '41.74.179.222',
      '102.216.36.5',
      '102.216.36.130',
      '144.126.193.139',
    ])
      expect(isAllowedPayfastSource(address, PAYFAST_PUBLISHED_SOURCES), address).toBe(true);
    for (const address of ['127.0.0.1', '102.216.36.16', '144.126.193.140', '8.8.8.8'])
      expect(isAllowedPayfastSource(address, PAYFAST_PUBLISHED_SOURCES), address).toBe(false);
  });
});

describe('startPayfastPayment', () => {
  const request: PaymentRequest = {
    reference: 'LTS-ABCDEFGHJK',
    amountCents: 28000,
    currencyId: Currency.Rand,
    itemName: 'Help Lwazi walk again',
    donor: {
      firstName: 'Thabo',
      lastName: 'Mokoena',
      email: 'thabo@example.co.za',
      mobileNumber: '+27 82 123 4567',
    },
    returnUrl: 'https://letsema.example/thanks?donation=t',
    cancelUrl: 'https://letsema.example/donation/x?cancelled=t',
  };

  it('posts the documented fields in order, signed with the passphrase', async () => {
    const start = await startPayfastPayment(request);
    if (start.kind !== 'form') throw new Error('expected a form');
    expect(start.action).toBe(`${env.payments.payfast.processUrl}/eng/process`);
    const names = Object.keys(start.fields);
    expect(names).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'cancel_url',
      'notify_url',
      'name_first',
      'name_last',
      'email_address',
      'cell_number',
      'm_payment_id',
      'amount',
      'item_name',
      'signature',
    ]);
    expect(start.fields.amount).toBe('280.00');
    expect(start.fields.cell_number).toBe('0821234567');
    expect(start.fields.notify_url).toBe(`${env.publicUrl}/api/v1/payments/payfast/notify`);
    const signed = Object.entries(start.fields).filter(([name]) => name !== 'signature');
    expect(start.fields.signature).toBe(payfastSignature(signed, PASSPHRASE));
  });

  it('adds the subscription fields for a recurring donation', async () => {
    const start = await startPayfastPayment({
      ...request,
      amountCents: 33000,
      recurring: { recurringAmountCents: 28000, cycles: 6, billingDate: '2026-12-15' },
    });
    if (start.kind !== 'form') throw new Error('expected a form');
    expect(Object.entries(start.fields).slice(-6)).toEqual([
      ['subscription_type', '1'],
      ['billing_date', '2026-12-15'],
      ['recurring_amount', '280.00'],
      ['frequency', '3'],
      ['cycles', '6'],
      ['signature', expect.stringMatching(/^[0-9a-f]{32}$/)],
    ]);
    expect(start.fields.amount).toBe('330.00');
  });

  it('takes rand only', async () => {
    await expect(startPayfastPayment({ ...request, currencyId: Currency.Dollar })).rejects.toThrow(
      'PayFast takes rand only',
    );
  });

  it.each([
    ['0821234567', '0821234567'],
    ['082 123 4567', '0821234567'],
    ['+27 82 123 4567', '0821234567'],
    ['27821234567', '0821234567'],
    ['0211234567', undefined],
    ['+44 7700 900123', undefined],
    ['12345', undefined],
    [null, undefined],
  ])('cell number %s → %s', (input, expected) => {
    expect(payfastCellNumber(input)).toBe(expected);
  });
});
