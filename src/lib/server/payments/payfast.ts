import { Currency, PaymentGateway } from '~/lib/enums';
import { toCents } from '~/lib/money';
import { env } from '~/lib/server/platform/env';
import {
  orderPayfastFields,
  type PayfastCheckoutRecord,
  payfastItnParamString,
  payfastSignature,
  verifyPayfastItnSignature,
} from './payfastSignature';
import { isAllowedPayfastSource } from './payfastSource';
import type { PaymentRequest, PaymentStart, VerifiedPayment } from './types';

/** PayFast (DESIGN §6): hosted checkout by form post, and its ITN (instant transaction notification). */

/** PayFast's limit on names, e-mail, reference and item name. */
const MAX_FIELD = 100;
/** The frequency code of a monthly subscription. */
const MONTHLY = '3';

const clip = (value: string, max = MAX_FIELD): string => value.trim().slice(0, max);

/** Rand cents as PayFast writes amounts: `250.00`. */
export function payfastAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * A mobile number as PayFast takes it (10 digits, a South African cell number starting
 * 06, 07 or 08), or undefined when it is not one: PayFast refuses the whole checkout
 * over a malformed `cell_number`, and it is optional.
 */
export function payfastCellNumber(mobile: string | null | undefined): string | undefined {
  if (!mobile) return undefined;
  let digits = mobile.replace(/[\s()-]/g, '');
  if (digits.startsWith('+27')) digits = `0${digits.slice(3)}`;
  else if (/^27\d{9}$/.test(digits)) digits = `0${digits.slice(2)}`;
  return /^0[6-8]\d{8}$/.test(digits) ? digits : undefined;
}

export function payfastNotifyUrl(): string {
  return `${env.publicUrl}/api/v1/payments/payfast/notify`;
}

/** The signed checkout form for a payment (a subscription when `request.recurring` is set). */
export async function startPayfastPayment(request: PaymentRequest): Promise<PaymentStart> {
  if (request.currencyId !== Currency.Rand) throw new Error('PayFast takes rand only');
  const config = env.payments.payfast;
  const record: PayfastCheckoutRecord = {
    merchant_id: config.merchantId,
    merchant_key: config.merchantKey,
    return_url: request.returnUrl,
    cancel_url: request.cancelUrl,
    notify_url: payfastNotifyUrl(),
    name_first: clip(request.donor.firstName),
    name_last: clip(request.donor.lastName),
    email_address: clip(request.donor.email),
    cell_number: payfastCellNumber(request.donor.mobileNumber),
    m_payment_id: request.reference,
    amount: payfastAmount(request.amountCents),
    item_name: clip(request.itemName) || 'Donation',
  };
  if (request.recurring) {
    record.subscription_type = '1';
    record.billing_date = request.recurring.billingDate;
    record.recurring_amount = payfastAmount(request.recurring.recurringAmountCents);
    record.frequency = MONTHLY;
    record.cycles = String(request.recurring.cycles);
  }
  // Empty values are left out of the form as well as the signature, so both cover the same fields.
  const ordered = orderPayfastFields(record).filter(([, value]) => value.trim() !== '');
  const fields: Record<string, string> = Object.fromEntries(ordered);
  fields.signature = payfastSignature(ordered, config.passphrase);
  return { kind: 'form', action: `${config.processUrl}/eng/process`, fields };
}

/** `retry`: the ITN may be genuine but could not be confirmed now; PayFast should send it again. */
export type PayfastVerification =
  | { ok: true; payment: VerifiedPayment }
  | { ok: false; reason: string; retry?: boolean };

const OUTCOMES: Readonly<Record<string, VerifiedPayment['outcome']>> = {
  COMPLETE: 'paid',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

/** How long PayFast's server confirmation may take before the ITN counts as unconfirmed. */
const VALIDATE_TIMEOUT_MS = 15_000;

/** PayFast's fourth ITN check: post the parameters back; a genuine ITN is answered `VALID`. */
async function confirmWithPayfast(
  params: URLSearchParams,
): Promise<{ reason: string; retry: boolean } | null> {
  try {
    const response = await fetch(`${env.payments.payfast.processUrl}/eng/query/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: payfastItnParamString(params),
      signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS),
    });
    const answer = (await response.text()).trim();
    if (!response.ok) return { reason: `server confirmation answered HTTP ${response.status}`, retry: true };
    if (answer === 'VALID') return null;
    return { reason: `server confirmation answered '${answer.slice(0, 40)}'`, retry: false };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { reason: `server confirmation failed: ${why}`, retry: true };
  }
}

/**
 * Runs PayFast's ITN checks: the signature (with our passphrase), the source address
 * (PAYFAST_VALID_SOURCES, else loopback only), and the server confirmation. The amount,
 * the fourth check, needs the donation and belongs to settlement (applyVerifiedPayment).
 */
export async function verifyPayfastNotification(
  body: URLSearchParams | Record<string, string>,
  sourceAddress: string | null | undefined,
): Promise<PayfastVerification> {
  const params = body instanceof URLSearchParams ? body : new URLSearchParams(body);
  const config = env.payments.payfast;
  if (!verifyPayfastItnSignature(params, config.passphrase)) return { ok: false, reason: 'bad signature' };
  if (!isAllowedPayfastSource(sourceAddress, config.validSourceAddresses))
    return { ok: false, reason: `unknown source address ${sourceAddress ?? '(none)'}` };
  if (params.get('merchant_id') !== config.merchantId) return { ok: false, reason: 'another merchant id' };

  const status = params.get('payment_status') ?? '';
  const outcome = OUTCOMES[status];
  if (!outcome) return { ok: false, reason: `unknown payment_status '${status.slice(0, 40)}'` };
  const reference = params.get('m_payment_id') ?? '';
  const gatewayPaymentId = params.get('pf_payment_id') ?? '';
  if (reference === '' || gatewayPaymentId === '')
    return { ok: false, reason: 'm_payment_id or pf_payment_id missing' };
  const gross = Number(params.get('amount_gross'));
  if (params.get('amount_gross') === null || !Number.isFinite(gross))
    return { ok: false, reason: 'amount_gross missing or not a number' };

  const unconfirmed = await confirmWithPayfast(params);
  if (unconfirmed) return { ok: false, reason: unconfirmed.reason, retry: unconfirmed.retry };

  const token = params.get('token')?.trim();
  const payment: VerifiedPayment = {
    gateway: PaymentGateway.PayFast,
    gatewayPaymentId,
    reference,
    outcome,
    amountCents: toCents(gross),
    payload: Object.fromEntries(params),
  };
  if (token) payment.subscriptionToken = token;
  return { ok: true, payment };
}
