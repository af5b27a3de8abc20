import { Currency, PaymentGateway } from '~/lib/enums';
import { toCents } from '~/lib/money';
import { env } from '~/lib/server/platform/env';
import { PaypalApiError, paypalRequest } from './paypalClient';
import type { PaymentRequest, PaymentStart, VerifiedPayment } from './types';

/** PayPal Orders v2 (docs/api/donations.md "Gateways"): create, approve at PayPal, capture on return. */

interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
  custom_id?: string;
}

export interface PaypalOrder {
  id: string;
  status: string;
  links?: PaypalLink[];
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    payments?: { captures?: PaypalCapture[] };
  }[];
}

/** PayPal's description limit is 127 characters. */
const DESCRIPTION_MAX = 127;

const money = (cents: number): string => (cents / 100).toFixed(2);

export const PAYPAL_RETURN_PATH = '/api/v1/payments/paypal/return';

/**
 * Where PayPal returns the donor: our return endpoint (it captures the order),
 * carrying the query of the /thanks link the donor was given (`donation={token}`).
 * Only the browser that started the checkout is sent there, so the return can
 * tell it from someone who merely knows the order id (docs/api/donations.md
 * "Gateways"); PayPal appends `token={orderId}&PayerID=…` to it.
 */
export function paypalReturnUrl(thanksUrl: string): string {
  return `${env.publicUrl}${PAYPAL_RETURN_PATH}${new URL(thanksUrl).search}`;
}

/**
 * Creates the order and hands the donor PayPal's page. `GUEST_CHECKOUT` (PayPalCard) opens it on
 * PayPal's own debit or credit card form (experience_context.landing_page), so a card number is
 * typed at PayPal only; the capture is PayPal's as for an account payment.
 */
export async function startPaypalPayment(
  request: PaymentRequest,
  landingPage: 'NO_PREFERENCE' | 'GUEST_CHECKOUT' = 'NO_PREFERENCE',
): Promise<PaymentStart> {
  // PayPal is offered for dollar donations only (availablePaymentMethods).
  if (request.currencyId !== Currency.Dollar) throw new Error('PayPal takes dollar payments only');
  const order = await paypalRequest<PaypalOrder>(
    'POST',
    '/v2/checkout/orders',
    {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: request.reference,
          custom_id: request.reference,
          description: request.itemName.slice(0, DESCRIPTION_MAX),
          amount: { currency_code: 'USD', value: money(request.amountCents) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: paypalReturnUrl(request.returnUrl),
            cancel_url: request.cancelUrl,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            landing_page: landingPage,
          },
        },
      },
    },
    // PayPal's idempotency key: a retried create answers the same order instead of a second one.
    { 'PayPal-Request-Id': request.reference },
  );
  // With payment_source.paypal PayPal names the link `payer-action`; older integrations see `approve`.
  const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
  if (!approve) throw new Error(`PayPal order ${order.id} has no approve link`);
  return { kind: 'redirect', url: approve.href, gatewayOrderId: order.id };
}

const OUTCOMES: Readonly<Record<string, VerifiedPayment['outcome']>> = {
  COMPLETED: 'paid',
  DECLINED: 'failed',
  FAILED: 'failed',
};

/** A capture as a VerifiedPayment, or null while PayPal has not decided (PENDING). */
export function paymentOfCapture(
  capture: PaypalCapture,
  reference: string,
  payload: Record<string, unknown>,
): VerifiedPayment | null {
  const outcome = OUTCOMES[capture.status];
  if (!outcome) return null;
  if (capture.amount?.currency_code !== 'USD') throw new Error(`PayPal capture ${capture.id} is not in USD`);
  return {
    gateway: PaymentGateway.PayPal,
    gatewayPaymentId: capture.id,
    reference,
    outcome,
    amountCents: toCents(Number(capture.amount.value)),
    payload,
  };
}

function paymentOfOrder(order: PaypalOrder): VerifiedPayment | null {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const reference = capture?.custom_id ?? unit?.custom_id ?? unit?.reference_id;
  if (!capture || !reference) return null;
  return paymentOfCapture(capture, reference, order as unknown as Record<string, unknown>);
}

/**
 * Captures an approved order and returns what PayPal booked. When the order was
 * captured already (the donor reloaded the return page) it reads the order
 * instead, so the same capture id is booked (and counted once). Null when there
 * is no decided capture; throws PaypalApiError when PayPal refuses.
 */
export async function capturePaypalOrder(orderId: string): Promise<VerifiedPayment | null> {
  const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
  try {
    return paymentOfOrder(await paypalRequest<PaypalOrder>('POST', `${path}/capture`, {}));
  } catch (error) {
    if (error instanceof PaypalApiError && error.issue === 'ORDER_ALREADY_CAPTURED')
      return paymentOfOrder(await paypalRequest<PaypalOrder>('GET', path));
    throw error;
  }
}

/** The transmission headers PayPal sends with every webhook. */
const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/**
 * Asks PayPal whether a webhook is genuine (`POST /v1/notifications/verify-webhook-signature`
 * with our PAYPAL_WEBHOOK_ID); true only for `SUCCESS`. A missing header is false without asking.
 */
export async function verifyPaypalWebhook(headers: Headers, body: Record<string, unknown>): Promise<boolean> {
  const fields: Record<string, string> = {};
  for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
    const value = headers.get(header);
    if (!value) return false;
    fields[field] = value;
  }
  const answer = await paypalRequest<{ verification_status?: string }>(
    'POST',
    '/v1/notifications/verify-webhook-signature',
    { ...fields, webhook_id: env.payments.paypal.webhookId, webhook_event: body },
  );
  return answer.verification_status === 'SUCCESS';
}

/** The capture events we book; others (orders approved, refunds) are acknowledged and ignored. */
const BOOKED_EVENTS = new Set(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED']);

/** The payment a verified webhook reports, or null for an event we do not book. */
export function paymentOfWebhook(event: Record<string, unknown>): VerifiedPayment | null {
  if (typeof event.event_type !== 'string' || !BOOKED_EVENTS.has(event.event_type)) return null;
  const resource = event.resource as PaypalCapture | undefined;
  if (!resource || typeof resource.id !== 'string' || typeof resource.custom_id !== 'string') return null;
  return paymentOfCapture(resource, resource.custom_id, event);
}
