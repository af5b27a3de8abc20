import { Currency, PaymentGateway } from '~/lib/enums';
import { toCents } from '~/lib/money';
import { fullName } from '~/lib/people';
import { env } from '~/lib/server/platform/env';
import {
  type OzowNotificationFields,
  type OzowRequestFields,
  ozowRequestHash,
  verifyOzowNotification,
} from './ozowHash';
import type { PaymentRequest, PaymentStart, VerifiedPayment } from './types';

/** Ozow (Instant EFT): a hosted page we post a hashed form to; notifications checked twice (hash, then Ozow's API). */

export const OZOW_NOTIFY_PATH = '/api/v1/payments/ozow/notify';

/** Ozow's BankReference: at most 20 characters, letters, digits, spaces and dashes. */
const BANK_REFERENCE_MAX = 20;
const CUSTOMER_MAX = 100;
const TIMEOUT_MS = 15_000;

const money = (cents: number): string => (cents / 100).toFixed(2);

export async function startOzowPayment(request: PaymentRequest): Promise<PaymentStart> {
  // Ozow settles rand only (availablePaymentMethods offers it for rand).
  if (request.currencyId !== Currency.Rand) throw new Error('Ozow takes rand payments only');
  const { processUrl, siteCode, privateKey, isTest } = env.payments.ozow;
  const fields: OzowRequestFields = {
    SiteCode: siteCode,
    CountryCode: 'ZA',
    CurrencyCode: 'ZAR',
    Amount: money(request.amountCents),
    TransactionReference: request.reference,
    BankReference: request.reference.replace(/[^A-Za-z0-9 -]/g, '').slice(0, BANK_REFERENCE_MAX),
    Customer: fullName(request.donor).slice(0, CUSTOMER_MAX),
    CancelUrl: request.cancelUrl,
    // The thanks page reads the donation's status, so an error lands there too.
    ErrorUrl: request.returnUrl,
    SuccessUrl: request.returnUrl,
    NotifyUrl: `${env.publicUrl}${OZOW_NOTIFY_PATH}`,
    IsTest: isTest,
  };
  const posted: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) posted[name] = String(value);
  posted.HashCheck = ozowRequestHash(fields, privateKey);
  return { kind: 'form', action: processUrl, fields: posted };
}

const OUTCOMES: Readonly<Record<string, VerifiedPayment['outcome']>> = {
  complete: 'paid',
  cancelled: 'cancelled',
  error: 'failed',
  abandoned: 'failed',
};

/** One transaction as `GetTransactionByReference` lists it. */
export interface OzowTransaction {
  transactionId: string;
  merchantCode?: string;
  siteCode: string;
  transactionReference: string;
  currencyCode: string;
  amount: number;
  status: string;
  statusMessage?: string | null;
  createdDate?: string;
  paymentDate?: string | null;
}

/** Why a notification was not booked; logged, never stored under Ozow's id. */
export class OzowNotificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OzowNotificationError';
  }
}

/**
 * Ozow's status check could not be made (unreachable, timed out, not a 2xx, not a list of
 * transactions): nothing is proven either way, so the notification must come again.
 */
export class OzowCheckUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OzowCheckUnavailableError';
  }
}

const isTransaction = (value: unknown): value is OzowTransaction => {
  if (!value || typeof value !== 'object') return false;
  const t = value as Record<string, unknown>;
  return (
    (typeof t.transactionId === 'string' || typeof t.transactionId === 'number') &&
    typeof t.transactionReference === 'string' &&
    typeof t.status === 'string' &&
    (typeof t.amount === 'number' || typeof t.amount === 'string') &&
    Number.isFinite(Number(t.amount))
  );
};

const field = (form: Record<string, string>, name: string): string | undefined => form[name];

function notificationFields(
  form: Record<string, string>,
): OzowNotificationFields & { Hash?: string | undefined } {
  return {
    SiteCode: form.SiteCode ?? '',
    TransactionId: form.TransactionId ?? '',
    TransactionReference: form.TransactionReference ?? '',
    Amount: form.Amount ?? '',
    Status: form.Status ?? '',
    Optional1: field(form, 'Optional1'),
    Optional2: field(form, 'Optional2'),
    Optional3: field(form, 'Optional3'),
    Optional4: field(form, 'Optional4'),
    Optional5: field(form, 'Optional5'),
    CurrencyCode: form.CurrencyCode ?? '',
    IsTest: form.IsTest ?? '',
    StatusMessage: field(form, 'StatusMessage'),
    Hash: field(form, 'Hash'),
  };
}

/**
 * Asks Ozow for the transactions under our reference (at most 10, per Ozow). Throws
 * OzowCheckUnavailableError when the answer cannot be had or read.
 */
export async function ozowTransactionsByReference(reference: string): Promise<OzowTransaction[]> {
  const { apiUrl, siteCode, apiKey, isTest } = env.payments.ozow;
  const query = new URLSearchParams({ siteCode, transactionReference: reference });
  if (isTest) query.set('isTest', 'true');
  let body: unknown;
  try {
    const response = await fetch(`${apiUrl}/GetTransactionByReference?${query}`, {
      headers: { ApiKey: apiKey, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new OzowCheckUnavailableError(`Ozow's status check answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof OzowCheckUnavailableError) throw error;
    throw new OzowCheckUnavailableError(`Ozow's status check failed: ${String(error)}`, { cause: error });
  }
  if (!Array.isArray(body) || !body.every(isTransaction))
    throw new OzowCheckUnavailableError("Ozow's status check did not answer a list of transactions");
  return body;
}

/**
 * Checks an Ozow notification (form fields as posted) and returns the payment
 * it reports: the Hash with our private key, our site and rand, then Ozow's own
 * record of the transaction (`GetTransactionByReference`) must show the same
 * status and amount, so a forged or altered post books nothing. Null for a
 * status that is not final (Pending, PendingInvestigation: Ozow notifies again).
 * Throws OzowNotificationError when a check proves the post false (hash, site, currency,
 * a transaction Ozow does not have or records otherwise), OzowCheckUnavailableError when
 * Ozow's record could not be read.
 */
export async function verifyOzowNotificationPost(
  form: Record<string, string>,
): Promise<VerifiedPayment | null> {
  const { siteCode, privateKey } = env.payments.ozow;
  const fields = notificationFields(form);
  if (!verifyOzowNotification(fields, privateKey)) throw new OzowNotificationError('Hash does not match');
  if (fields.SiteCode.toLowerCase() !== siteCode.toLowerCase())
    throw new OzowNotificationError(`SiteCode ${fields.SiteCode} is not ours`);
  if (fields.CurrencyCode.toUpperCase() !== 'ZAR') throw new OzowNotificationError('Not a rand payment');
  const outcome = OUTCOMES[fields.Status.toLowerCase()];
  if (!outcome) return null;
  const amount = Number(fields.Amount);
  if (!fields.TransactionId || !Number.isFinite(amount))
    throw new OzowNotificationError('Malformed notification');

  const transactions = await ozowTransactionsByReference(fields.TransactionReference);
  const record = transactions.find(
    (t) => String(t.transactionId).toLowerCase() === fields.TransactionId.toLowerCase(),
  );
  if (!record) throw new OzowNotificationError(`Ozow has no transaction ${fields.TransactionId}`);
  if (String(record.status).toLowerCase() !== fields.Status.toLowerCase())
    throw new OzowNotificationError(`Ozow says ${record.status}, the notification ${fields.Status}`);
  if (toCents(Number(record.amount)) !== toCents(amount))
    throw new OzowNotificationError(`Ozow says ${record.amount}, the notification ${fields.Amount}`);
  if (String(record.transactionReference).toLowerCase() !== fields.TransactionReference.toLowerCase())
    throw new OzowNotificationError('Reference differs from Ozow’s record');

  // Ozow's record, not the post, names the payment: the hash is case-blind, so a replay with a
  // re-cased id or reference must not become a second payment id or a reference nobody has.
  return {
    gateway: PaymentGateway.InstantEFT,
    gatewayPaymentId: String(record.transactionId).toLowerCase(),
    reference: record.transactionReference,
    outcome,
    amountCents: toCents(amount),
    payload: { ...form },
  };
}
