import { afterEach, describe, expect, it, vi } from 'vitest';
import { Currency, PaymentGateway } from '~/lib/enums';
import { availablePaymentMethods } from '~/lib/paymentMethods';
import {
  posterCampaignIdOf,
  posterReferenceOf,
  SnapscanCheckUnavailableError,
  SnapscanWebhookError,
  snapscanPaymentLink,
  snapscanPosterLink,
  verifySnapscanWebhook,
} from '~/lib/server/payments/snapscan';
import {
  snapscanAuthorizationHeader,
  snapscanSignature,
  verifySnapscanSignature,
} from '~/lib/server/payments/snapscanSignature';
import { env } from '~/lib/server/platform/env';
import { payerAmountCents, readSnapscanLink } from '~/lib/server/sandbox/snapscanSandbox';

afterEach(() => {
  vi.unstubAllGlobals();
});

// SnapScan posts `payload=<JSON>` form-encoded; the signature is over that raw body.
const BODY =
  'payload=%7B%22id%22%3A1%2C%22status%22%3A%22completed%22%2C%22totalAmount%22%3A5000%2C%22merchantReference%22%3A%22D-1%22%7D';

describe("SnapScan's webhook signature", () => {
  it('is the hex HMAC-SHA256 of the raw body with the webhook auth key (as `openssl dgst -sha256 -hmac` gives)', () => {
    expect(snapscanSignature(BODY, 'webhook-auth-key')).toBe(
      '1f7b9557dd8944471c0c92d4ba309250c8540ac010778cb82c0e762f10217a04',
    );
    expect(snapscanAuthorizationHeader(BODY, 'webhook-auth-key')).toBe(
      'SnapScan signature=1f7b9557dd8944471c0c92d4ba309250c8540ac010778cb82c0e762f10217a04',
    );
  });

  it('accepts only the header for exactly this body and key', () => {
    const header = snapscanAuthorizationHeader(BODY, 'webhook-auth-key');
    expect(verifySnapscanSignature(BODY, header, 'webhook-auth-key')).toBe(true);
    expect(verifySnapscanSignature(BODY.replace('5000', '500'), header, 'webhook-auth-key')).toBe(false);
    expect(verifySnapscanSignature(BODY, header, 'another-key')).toBe(false);
    expect(verifySnapscanSignature(BODY, null, 'webhook-auth-key')).toBe(false);
    expect(verifySnapscanSignature(BODY, header.replace('SnapScan ', 'Basic '), 'webhook-auth-key')).toBe(
      false,
    );
    expect(verifySnapscanSignature(BODY, 'SnapScan signature=abc', 'webhook-auth-key')).toBe(false);
  });
});

describe("SnapScan's poster code", () => {
  it("carries the campaign's poster reference, no amount and no strict", () => {
    const id = '6f1c2a4e-0b7d-4c1e-9a55-2f0e8d3b7c10';
    const link = new URL(snapscanPosterLink(id));
    expect(link.pathname.endsWith(`/${env.payments.snapscan.merchantId}`)).toBe(true);
    expect(Object.fromEntries(link.searchParams)).toEqual({ id: posterReferenceOf(id) });
    expect(posterCampaignIdOf(posterReferenceOf(id))).toBe(id);
    expect(posterCampaignIdOf('LTS-ABCDEFGHIJ')).toBeNull();
    expect(posterCampaignIdOf('LTP-not-a-campaign')).toBeNull();
  });
});

describe("SnapScan's payment link", () => {
  it('carries our reference, the amount in cents and strict', () => {
    const link = new URL(snapscanPaymentLink('D-42', 12_345));
    expect(link.pathname.endsWith(`/${env.payments.snapscan.merchantId}`)).toBe(true);
    expect(link.searchParams.get('id')).toBe('D-42');
    expect(link.searchParams.get('amount')).toBe('12345');
    expect(link.searchParams.get('strict')).toBe('true');
  });
});

describe('a SnapScan webhook', () => {
  const key = () => env.payments.snapscan.webhookAuthKey;
  const payment = { id: 7, status: 'completed', totalAmount: 5000, tipAmount: 0, merchantReference: 'D-7' };
  const bodyOf = (p: object) => new URLSearchParams({ payload: JSON.stringify(p) }).toString();
  const apiAnswers = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );

  it("is booked as SnapScan's record shows it, read by SnapScan's id with the API key", async () => {
    apiAnswers(200, payment);
    const body = bodyOf(payment);
    await expect(
      verifySnapscanWebhook(body, snapscanAuthorizationHeader(body, key())),
    ).resolves.toMatchObject({
      gateway: PaymentGateway.SnapScan,
      gatewayPaymentId: '7',
      reference: 'D-7',
      outcome: 'paid',
      amountCents: 5000,
    });
    const [[url, init]] = vi.mocked(fetch).mock.calls as unknown as [[string, RequestInit]];
    expect(url).toBe(`${env.payments.snapscan.apiUrl}/payments/7`);
    expect((init.headers as Record<string, string>).Authorization).toBe(
      `Basic ${Buffer.from(`${env.payments.snapscan.apiKey}:`).toString('base64')}`,
    );
  });

  it('reads SnapScan\'s published example payment (developer docs, "The Payment Object")', async () => {
    // SnapScan's documentation's example payment, word for word: R 10.00 with the merchant's
    // reference INV001 and the reference the payer typed, John Doe.
    const example = {
      id: 1,
      status: 'completed',
      date: '1999-12-31T23:00:00Z',
      totalAmount: 1000,
      tipAmount: 0,
      requiredAmount: 1000,
      snapCode: 'STB115',
      snapCodeReference: 'Till Point #1',
      userReference: 'John Doe',
      merchantReference: 'INV001',
      statementReference: 'SNAPSCAN 20150109',
      authCode: '123456',
      isVoucher: false,
      isVoucherRedemption: false,
      extra: { customValue: '123' },
      deviceSerialNumber: 'R28K10HBQTX',
      transactionType: 'payment',
    };
    apiAnswers(200, { ...example, snapCode: env.payments.snapscan.merchantId });
    const body = bodyOf({ ...example, snapCode: env.payments.snapscan.merchantId });
    await expect(
      verifySnapscanWebhook(body, snapscanAuthorizationHeader(body, key())),
    ).resolves.toMatchObject({
      gatewayPaymentId: '1',
      reference: 'INV001',
      outcome: 'paid',
      amountCents: 1000,
      payerReference: 'John Doe',
    });
    // Paid to another merchant's SnapCode: not ours to book.
    apiAnswers(200, example);
    const foreign = bodyOf(example);
    await expect(
      verifySnapscanWebhook(foreign, snapscanAuthorizationHeader(foreign, key())),
    ).rejects.toBeInstanceOf(SnapscanWebhookError);
  });

  it('with a forged signature is refused before SnapScan is asked', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const body = bodyOf(payment);
    await expect(
      verifySnapscanWebhook(body, snapscanAuthorizationHeader(body, 'guess')),
    ).rejects.toBeInstanceOf(SnapscanWebhookError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('that SnapScan records otherwise (amount, status, reference, or no such id) is refused', async () => {
    for (const [status, record] of [
      [200, { ...payment, totalAmount: 500 }],
      [200, { ...payment, status: 'error' }],
      [200, { ...payment, merchantReference: 'D-8' }],
      [404, { message: 'Payment not found' }],
    ] as const) {
      apiAnswers(status, record);
      const body = bodyOf(payment);
      await expect(
        verifySnapscanWebhook(body, snapscanAuthorizationHeader(body, key())),
      ).rejects.toBeInstanceOf(SnapscanWebhookError);
    }
  });

  it('waits for a retry when the Payments API cannot be read', async () => {
    apiAnswers(503, { message: 'down' });
    const body = bodyOf(payment);
    await expect(
      verifySnapscanWebhook(body, snapscanAuthorizationHeader(body, key())),
    ).rejects.toBeInstanceOf(SnapscanCheckUnavailableError);
  });

  it('of a pending payment books nothing yet', async () => {
    const body = bodyOf({ ...payment, status: 'pending' });
    await expect(verifySnapscanWebhook(body, snapscanAuthorizationHeader(body, key()))).resolves.toBeNull();
  });
});

describe('SnapScan on the donation form', () => {
  const gateways = { paysoft: false, payPal: true, payfast: true, ozow: true, snapscan: true };
  it('is offered for once-off rand gifts where the campaign switches it on', () => {
    expect(availablePaymentMethods(gateways, Currency.Rand)).toEqual([
      PaymentGateway.PayFast,
      PaymentGateway.IVeri,
      PaymentGateway.InstantEFT,
      PaymentGateway.SnapScan,
      PaymentGateway.EFT,
    ]);
    expect(availablePaymentMethods({ ...gateways, snapscan: false }, Currency.Rand)).not.toContain(
      PaymentGateway.SnapScan,
    );
    expect(availablePaymentMethods(gateways, Currency.Dollar)).not.toContain(PaymentGateway.SnapScan);
    expect(availablePaymentMethods(gateways, Currency.Rand, true)).not.toContain(PaymentGateway.SnapScan);
  });
});

describe("the simulated SnapScan app's screen", () => {
  it('reads a poster code (no amount) and asks the payer for one', () => {
    const merchant = env.payments.snapscan.merchantId;
    expect(readSnapscanLink(merchant, new URLSearchParams({ id: 'LTP-1' }))).toEqual({
      ok: true,
      request: { merchant, reference: 'LTP-1', amountCents: null, strict: false },
    });
    expect(readSnapscanLink(merchant, new URLSearchParams({ id: 'LTP-1', amount: '0' })).ok).toBe(false);
    expect(readSnapscanLink('someone-else', new URLSearchParams({ id: 'LTP-1' })).ok).toBe(false);
  });

  it('takes the amount the payer types in rand', () => {
    expect(payerAmountCents('50')).toBe(5000);
    expect(payerAmountCents(' 50.5 ')).toBe(5050);
    expect(payerAmountCents('50,05')).toBe(5005);
    for (const wrong of ['', '0', '0.00', 'R50', '-5', '12.345', '100000.01'])
      expect(payerAmountCents(wrong), wrong).toBeNull();
  });
});
