import { afterEach, describe, expect, it, vi } from 'vitest';
import { Currency, PaymentGateway } from '~/lib/enums';
import { availablePaymentMethods } from '~/lib/paymentMethods';
import {
  SnapscanCheckUnavailableError,
  SnapscanWebhookError,
  snapscanPaymentLink,
  verifySnapscanWebhook,
} from '~/lib/server/payments/snapscan';
import {
  snapscanAuthorizationHeader,
  snapscanSignature,
  verifySnapscanSignature,
} from '~/lib/server/payments/snapscanSignature';
import { env } from '~/lib/server/platform/env';

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

  it("is booked as SnapScan's record shows it", async () => {
    apiAnswers(200, [payment]);
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

  it('that SnapScan records otherwise (amount, status, unknown id) is refused', async () => {
    for (const record of [
      { ...payment, totalAmount: 500 },
      { ...payment, status: 'error' },
      { ...payment, id: 8 },
    ]) {
      apiAnswers(200, [record]);
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
