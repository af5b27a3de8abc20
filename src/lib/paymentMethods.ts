import { Currency, PaymentGateway } from './enums';
import { m } from './i18n';

/** The gateways a campaign switches on (SPEC §3 campaignSetting.showGateways). */
export interface ShowGateways {
  paysoft: boolean;
  payPal: boolean;
  payfast: boolean;
  ozow: boolean;
  /** SnapScan (5), rand only: not in SPEC §3's list of switches; on by default like PayFast and Ozow. */
  snapscan: boolean;
}

/** What the donation form lists for each method, in this order. */
export const PAYMENT_METHOD_LABELS: Readonly<Partial<Record<PaymentGateway, string>>> = {
  [PaymentGateway.PayFast]: 'Card (PayFast)',
  [PaymentGateway.IVeri]: 'Card (iVeri)',
  [PaymentGateway.InstantEFT]: 'Instant EFT (Ozow)',
  [PaymentGateway.SnapScan]: 'SnapScan',
  [PaymentGateway.EFT]: 'Bank transfer (EFT)',
  [PaymentGateway.PayPal]: 'PayPal',
  [PaymentGateway.PayPalCard]: 'Card (PayPal)',
  [PaymentGateway.Paysoft]: 'Debit order',
};

/**
 * A method's PAYMENT_METHOD_LABELS text in the current language (issue 27): the donation form's
 * list; undefined for a method the form does not offer. The English is the constant's.
 */
export function paymentMethodName(method: PaymentGateway): string | undefined {
  switch (method) {
    case PaymentGateway.PayFast:
      return m.donation_method_payfast();
    case PaymentGateway.IVeri:
      return m.donation_method_iveri();
    case PaymentGateway.InstantEFT:
      return m.donation_method_ozow();
    case PaymentGateway.EFT:
      return m.donation_method_eft();
    case PaymentGateway.PayPalCard:
      return m.donation_method_paypal_card();
    case PaymentGateway.Paysoft:
      return m.donation_method_debit_order();
    default:
      return PAYMENT_METHOD_LABELS[method];
  }
}

/**
 * The payment methods a donor may use on a campaign in a currency, in the order
 * the form shows them. Rand goes through South African gateways (PayFast, Ozow)
 * or a bank transfer; dollars only through PayPal (an account, or a card on PayPal's page). SPEC §3's showGateways has no iVeri switch:
 * iVeri's card page is offered wherever cards are (`payfast`), in rand. A recurring donation needs a
 * gateway that charges again: PayFast's card subscription, or a Paysoft debit order where a
 * platform admin switched it on (`paysoft`, off by default, SPEC §9); both in rand only.
 */
export function availablePaymentMethods(
  gateways: ShowGateways,
  currencyId: Currency,
  recurring = false,
): PaymentGateway[] {
  if (recurring) {
    if (currencyId !== Currency.Rand) return [];
    const monthly: PaymentGateway[] = [];
    if (gateways.payfast) monthly.push(PaymentGateway.PayFast);
    if (gateways.paysoft) monthly.push(PaymentGateway.Paysoft);
    return monthly;
  }
  if (currencyId === Currency.Dollar)
    return gateways.payPal ? [PaymentGateway.PayPal, PaymentGateway.PayPalCard] : [];
  const methods: PaymentGateway[] = [];
  if (gateways.payfast) methods.push(PaymentGateway.PayFast, PaymentGateway.IVeri);
  if (gateways.ozow) methods.push(PaymentGateway.InstantEFT);
  if (gateways.snapscan) methods.push(PaymentGateway.SnapScan);
  methods.push(PaymentGateway.EFT);
  return methods;
}

/**
 * The gateway whose notifications book a payment method: `3` PayPalCard is a card paid on
 * PayPal's page (its captures are PayPal's), and `6` Recurring is the PayFast card
 * subscription, the same as `8` PayFast (a recurring donation is stored and charged as 8).
 */
export function gatewayOfMethod(method: PaymentGateway): PaymentGateway {
  if (method === PaymentGateway.Recurring) return PaymentGateway.PayFast;
  if (method === PaymentGateway.PayPalCard) return PaymentGateway.PayPal;
  return method;
}

/** The largest tip, as a share of the donation: the slider's top and the server's limit. */
export const MAX_TIP_PERCENTAGE = 30;
export const TIP_PERCENTAGE_STEP = 0.5;
