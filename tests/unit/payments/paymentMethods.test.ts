import { describe, expect, it } from 'vitest';
import { Currency, PaymentGateway } from '~/lib/enums';
import { availablePaymentMethods, gatewayOfMethod, PAYMENT_METHOD_LABELS } from '~/lib/paymentMethods';

const all = { paysoft: false, payPal: true, payfast: true, ozow: true, snapscan: true };

describe('the payment methods a campaign offers', () => {
  it('in dollars: PayPal by account and by card, only when PayPal is on', () => {
    expect(availablePaymentMethods(all, Currency.Dollar)).toEqual([
      PaymentGateway.PayPal,
      PaymentGateway.PayPalCard,
    ]);
    expect(availablePaymentMethods({ ...all, payPal: false }, Currency.Dollar)).toEqual([]);
    expect(availablePaymentMethods(all, Currency.Rand)).not.toContain(PaymentGateway.PayPalCard);
    expect(PAYMENT_METHOD_LABELS[PaymentGateway.PayPalCard]).toBe('Card (PayPal)');
  });
});

describe('monthly gifts', () => {
  it('by card (PayFast) and, only where an admin switched it on, by debit order (Paysoft); rand only', () => {
    expect(availablePaymentMethods(all, Currency.Rand, true)).toEqual([PaymentGateway.PayFast]);
    expect(availablePaymentMethods({ ...all, paysoft: true }, Currency.Rand, true)).toEqual([
      PaymentGateway.PayFast,
      PaymentGateway.Paysoft,
    ]);
    expect(availablePaymentMethods({ ...all, paysoft: true }, Currency.Rand)).not.toContain(
      PaymentGateway.Paysoft,
    );
    expect(availablePaymentMethods({ ...all, paysoft: true }, Currency.Dollar, true)).toEqual([]);
    expect(PAYMENT_METHOD_LABELS[PaymentGateway.Paysoft]).toBe('Debit order');
  });
});

describe('the gateway whose notifications book a method', () => {
  it('is PayPal for a PayPal card, PayFast for Recurring, and the method itself otherwise', () => {
    expect(gatewayOfMethod(PaymentGateway.PayPalCard)).toBe(PaymentGateway.PayPal);
    expect(gatewayOfMethod(PaymentGateway.Recurring)).toBe(PaymentGateway.PayFast);
    for (const method of [
      PaymentGateway.EFT,
      PaymentGateway.InstantEFT,
      PaymentGateway.PayPal,
      PaymentGateway.PayFast,
    ])
      expect(gatewayOfMethod(method)).toBe(method);
  });
});
