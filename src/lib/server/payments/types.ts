import type { Currency, PaymentGateway } from '~/lib/enums';

/**
 * The one interface every gateway module implements (DESIGN §6). A gateway
 * turns a pending donation into something the browser can follow (a form post,
 * a redirect, or bank details), and turns the gateway's own notification into a
 * `VerifiedPayment` that `applyVerifiedPayment` (donations/settlement.ts) books.
 */

export interface PaymentDonor {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string | null;
}

/** A monthly schedule, for gateways that hold a card and charge it again (PayFast subscriptions). */
export interface RecurringTerms {
  /** Charged on every billing date after the first payment. */
  recurringAmountCents: number;
  /** Number of charges in all, the first included; 0 = until cancelled. */
  cycles: number;
  /** The first charge after today's, YYYY-MM-DD. */
  billingDate: string;
}

export interface PaymentRequest {
  /** Our unique reference (donations.reference or recurring_donations.reference): PayFast's m_payment_id, Ozow's TransactionReference. */
  reference: string;
  /** What is charged now, donation plus tip or fee (plus a recurring donation's once-off amount), in cents. */
  amountCents: number;
  currencyId: Currency;
  /** Shown on the gateway's page: the campaign's name. */
  itemName: string;
  donor: PaymentDonor;
  /** Where the gateway sends the donor back: /thanks?donation={jwtTokenStringDonationId}. */
  returnUrl: string;
  /** Where Cancel sends the donor back. */
  cancelUrl: string;
  recurring?: RecurringTerms;
}

/** How the browser continues: post a form to the gateway, follow a link, or pay by bank transfer. */
export type PaymentStart =
  | { kind: 'form'; action: string; fields: Record<string, string> }
  | { kind: 'redirect'; url: string; gatewayOrderId?: string }
  | { kind: 'eft' }
  /** SnapScan: the app link, and the same link as a QR code (SVG) to scan from another screen. */
  | { kind: 'qr'; url: string; qrSvg: string };

/** A gateway notification that passed every check the gateway's protocol defines. */
export interface VerifiedPayment {
  gateway: PaymentGateway;
  /** The gateway's own id for this payment (pf_payment_id, Ozow TransactionId, PayPal capture id): unique per gateway. */
  gatewayPaymentId: string;
  /** Our reference the payment was for (m_payment_id, TransactionReference, PayPal custom_id). */
  reference: string;
  outcome: 'paid' | 'failed' | 'cancelled';
  /** What the gateway says was charged, in cents; checked against what we asked for. */
  amountCents: number;
  /** PayFast's subscription token, on a recurring donation's payments. */
  subscriptionToken?: string;
  /**
   * What the payer chose to tell us in the gateway's own app (SnapScan's `userReference`): a
   * SnapScan poster payment, which has no donation form, names its donor with it.
   */
  payerReference?: string | null;
  /** The notification as received, kept in gateway_notifications. */
  payload: Record<string, unknown>;
}

export type SettlementResult =
  /** Booked now. */
  | 'applied'
  /** Seen before (same gateway and payment id): nothing changed. */
  | 'duplicate'
  /** Amount or reference did not match: recorded, nothing else changed. */
  | 'rejected';

/**
 * A refund asked of the gateway that took the payment (its own refund call: PayFast's refunds API,
 * Ozow's refund, PayPal's capture refund …). `refundPayment` in payments/refunds.ts dispatches on the
 * donation's payment method; a gateway without a refund call answers `{ kind: 'manual' }` and staff
 * record the refund with the bank reference instead.
 */
export interface GatewayRefundRequest {
  paymentMethod: PaymentGateway;
  /** Our donation reference (m_payment_id, TransactionReference, custom_id). */
  reference: string;
  /** The gateway's id of the payment being refunded (donations.gateway_payment_id). */
  gatewayPaymentId: string | null;
  /** What goes back now, in cents of the donation's currency (gift part plus any tip returned). */
  amountCents: number;
  /** What the donor paid in all, in cents (for gateways that need it to tell a full from a partial refund). */
  paidCents: number;
  currencyId: Currency;
  reason: string;
  /** The ledger row's id: sent as the gateway's idempotency key where it takes one, so a retry refunds once. */
  idempotencyKey: string;
}

export type GatewayRefundResult =
  /** The gateway refunded (or accepted the refund); its own refund id. */
  | { kind: 'refunded'; externalReference: string }
  /** The gateway refused; its answer, for staff. Nothing went back. */
  | { kind: 'refused'; message: string }
  /** This gateway has no refund call: staff pay back by bank and record the reference. */
  | { kind: 'manual' };
