import { Currency, PaymentGateway } from '~/lib/enums';
import { env } from '~/lib/server/platform/env';
import type { PaymentRequest, PaymentStart, VerifiedPayment } from './types';

/**
 * iVeri card (4) through the iVeri Lite hosted payment page, full redirect (docs/api/donations.md
 * "iVeri Lite"). The browser posts a form with the Lite_* fields; iVeri sends it back to one of
 * four URLs, all of them our payment-capture page. Nothing the browser brings back is trusted:
 * the page asks iVeri's Query Transaction Status with our application id and trace, and books
 * only what that answer says.
 */

export const IVERI_CAPTURE_PATH = '/donation/iveri/payment-capture';

/** Lite_Merchant_Trace is at most 64 characters (iVeri Lite parameters). */
const TRACE_MAX = 64;
const PRODUCT_MAX = 255;
const TIMEOUT_MS = 15_000;

/** iVeri's status families (Lite_Payment_Card_Status), as its return URLs are chosen. */
export type IveriStatusFamily = 'success' | 'tryLater' | 'formError' | 'declined';

/** 0 success; 1, 2, 5, 9 try later; 255 the form was wrong; anything else declined. */
export function iveriStatusFamily(status: string | number | null | undefined): IveriStatusFamily {
  const code = String(status ?? '').trim();
  if (!/^\d{1,3}$/.test(code)) return 'declined';
  const n = Number(code);
  if (n === 0) return 'success';
  if (n === 1 || n === 2 || n === 5 || n === 9) return 'tryLater';
  if (n === 255) return 'formError';
  return 'declined';
}

/** The capture page's address, carrying the donation token the thanks page reads. */
function captureUrl(returnUrl: string): string {
  const url = new URL(IVERI_CAPTURE_PATH, env.publicUrl);
  const token = new URL(returnUrl).searchParams.get('donation');
  if (token) url.searchParams.set('donation', token);
  return url.href;
}

export function startIveriPayment(request: PaymentRequest): PaymentStart {
  if (request.currencyId !== Currency.Rand) throw new Error('iVeri takes rand payments only');
  if (request.reference.length > TRACE_MAX) throw new Error('Reference too long for Lite_Merchant_Trace');
  const back = captureUrl(request.returnUrl);
  const cents = String(request.amountCents);
  const fields: Record<string, string> = {
    Lite_Merchant_ApplicationId: env.payments.iveri.applicationId,
    // In cents, equal to the sum of the line items' amount × quantity.
    Lite_Order_Amount: cents,
    Lite_Currency_AlphaCode: 'ZAR',
    Lite_Order_LineItems_Product_1: `Donation: ${request.itemName}`.slice(0, PRODUCT_MAX),
    Lite_Order_LineItems_Quantity_1: '1',
    Lite_Order_LineItems_Amount_1: cents,
    Lite_Merchant_Trace: request.reference,
    Ecom_ConsumerOrderID: request.reference,
    Ecom_BillTo_Online_Email: request.donor.email,
    Ecom_Payment_Card_Protocols: 'iVeri',
    Ecom_TransactionComplete: 'false',
    Lite_Website_Successful_Url: back,
    Lite_Website_Fail_Url: back,
    Lite_Website_TryLater_Url: back,
    Lite_Website_Error_Url: back,
  };
  return { kind: 'form', action: env.payments.iveri.processUrl, fields };
}

/** What Query Transaction Status answers for one trace (the Authorisation Information fields). */
export interface IveriTransactionStatus {
  trace: string;
  status: string;
  amountCents: number | null;
  transactionIndex: string;
  authorisationCode: string;
  description: string;
}

/** iVeri's status query could not be made or read: nothing is proven either way. */
export class IveriQueryUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IveriQueryUnavailableError';
  }
}

const decode = (value: string): string =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The named hidden inputs of iVeri's answer page (`<input name="…" value="…">`), names as given. */
export function parseIveriFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const tag of html.match(/<input\b[^>]*>/gi) ?? []) {
    const name = /\bname\s*=\s*"([^"]*)"/i.exec(tag)?.[1];
    const value = /\bvalue\s*=\s*"([^"]*)"/i.exec(tag)?.[1] ?? '';
    if (name) fields[name] = decode(value);
  }
  return fields;
}

/** A field by name, case-blind (iVeri's samples spell the same field in several cases). */
export function liteField(fields: Record<string, string>, name: string): string {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(fields)) if (key.toLowerCase() === wanted) return value;
  return '';
}

/** Posts Query Transaction Status for `trace`; throws IveriQueryUnavailableError when it cannot be read. */
export async function queryIveriTransaction(trace: string): Promise<IveriTransactionStatus | null> {
  const { queryUrl, applicationId } = env.payments.iveri;
  let html: string;
  try {
    const response = await fetch(queryUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        Lite_Merchant_ApplicationId: applicationId,
        Lite_Merchant_Trace: trace,
      }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok)
      throw new IveriQueryUnavailableError(`iVeri's status query answered ${response.status}`);
    html = await response.text();
  } catch (error) {
    if (error instanceof IveriQueryUnavailableError) throw error;
    throw new IveriQueryUnavailableError(`iVeri's status query failed: ${String(error)}`, { cause: error });
  }
  const fields = parseIveriFields(html);
  const status = liteField(fields, 'Lite_Payment_Card_Status');
  if (!status) return null;
  const amount = liteField(fields, 'Lite_Order_Amount');
  return {
    trace: liteField(fields, 'Lite_Merchant_Trace'),
    status,
    amountCents: /^\d+$/.test(amount) ? Number(amount) : null,
    transactionIndex: liteField(fields, 'Lite_TransactionIndex'),
    authorisationCode: liteField(fields, 'Lite_Order_AuthorisationCode'),
    description: liteField(fields, 'Lite_Result_Description'),
  };
}

/**
 * The payment iVeri's own record (Query Transaction Status for `trace`, never the browser's
 * fields) shows: paid on status 0 with a transaction index, failed when declined; null while
 * unknown or to be tried later (nothing to book).
 */
export function iveriPaymentOf(record: IveriTransactionStatus | null, trace: string): VerifiedPayment | null {
  if (!record || record.trace !== trace) return null;
  const family = iveriStatusFamily(record.status);
  if (family === 'tryLater' || family === 'formError') return null;
  if (!record.transactionIndex || record.amountCents === null) return null;
  return {
    gateway: PaymentGateway.IVeri,
    gatewayPaymentId: record.transactionIndex,
    reference: trace,
    outcome: family === 'success' ? 'paid' : 'failed',
    amountCents: record.amountCents,
    payload: { ...record },
  };
}
