import { toCents } from '~/lib/money';
import { verifyOzowRefundHash } from '~/lib/server/payments/ozowHash';
import { verifyPayfastApiSignature } from '~/lib/server/payments/payfastSignature';
import { env } from '~/lib/server/platform/env';
import { findOzowTransactionBlind } from './ozowSandbox';
import { listItns } from './payfastSandbox';
import { sandboxJson } from './sandboxHttp';
import { sandboxRefund } from './sandboxRefunds';
import { snapscanApiKeyOk, snapscanSandboxPayment } from './snapscanSandbox';

/**
 * The simulators' refund calls for PayFast, Ozow and SnapScan, each checked by its gateway's own
 * rule (PayFast's header signature, Ozow's ApiKey and HashCheck, SnapScan's API key) and booked
 * against the simulator's own record of the payment (sandboxRefunds.ts). PayPal's is in paypalSandbox.ts.
 */

async function jsonFields(request: Request): Promise<Record<string, string> | null> {
  try {
    const parsed: unknown = JSON.parse(await request.text());
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name, String(value)]));
  } catch {
    return null;
  }
}

const payfastAnswer = (code: number, data: unknown): Response =>
  sandboxJson(code, { code, status: code === 200 ? 'success' : 'failed', data });

/** PayFast's `POST /refunds/{pf_payment_id}` (amount in cents, reason, notify_buyer). */
export async function payfastRefund(request: Request, pfPaymentId: string): Promise<Response> {
  const body = await jsonFields(request);
  if (!body) return payfastAnswer(400, { response: 'The body is not a JSON object.', message: false });
  const h = request.headers;
  const headers = {
    'merchant-id': h.get('merchant-id') ?? '',
    version: h.get('version') ?? '',
    timestamp: h.get('timestamp') ?? '',
  };
  const config = env.payments.payfast;
  const signed =
    headers['merchant-id'] === config.merchantId &&
    headers.version === 'v1' &&
    verifyPayfastApiSignature({ ...headers, ...body }, h.get('signature'), config.passphrase);
  if (!signed) return payfastAnswer(401, { response: 'Merchant authorization failed.', message: false });
  const itn = listItns().find(
    (i) =>
      i.pfPaymentId === pfPaymentId && i.fields.some(([k, v]) => k === 'payment_status' && v === 'COMPLETE'),
  );
  const gross = itn?.fields.find(([k]) => k === 'amount_gross')?.[1];
  if (!itn || gross === undefined)
    return payfastAnswer(404, { response: 'Payment not found.', message: false });
  const result = sandboxRefund({
    gateway: 'payfast',
    paymentId: pfPaymentId,
    paidCents: toCents(Number(gross)),
    amountCents: Number(body.amount),
    reason: body.reason ?? '',
  });
  if (!result.ok) return payfastAnswer(400, { response: result.message, message: false });
  return payfastAnswer(200, {
    response: {
      id: result.refund.id,
      payment_id: pfPaymentId,
      merchant_id: config.merchantId,
      refund_amount: (result.refund.amountCents / 100).toFixed(2),
      status: 'COMPLETE',
      created: result.refund.createdAt,
    },
  });
}

/** Ozow's `POST /secure/refunds/submitrefund` (ApiKey header; SiteCode, TransactionId, Amount, RefundReason, HashCheck). */
export async function ozowRefund(request: Request): Promise<Response> {
  const config = env.payments.ozow;
  if (request.headers.get('apikey') !== config.apiKey)
    return sandboxJson(401, { refundId: null, refundStatus: 'Error', errorMessage: 'Invalid ApiKey.' });
  const body = await jsonFields(request);
  if (!body)
    return sandboxJson(400, { refundId: null, refundStatus: 'Error', errorMessage: 'Invalid body.' });
  const fields = {
    SiteCode: body.SiteCode ?? '',
    TransactionId: body.TransactionId ?? '',
    Amount: body.Amount ?? '',
    RefundReason: body.RefundReason ?? '',
  };
  if (
    fields.SiteCode.toLowerCase() !== config.siteCode.toLowerCase() ||
    !verifyOzowRefundHash(fields, body.HashCheck, config.privateKey)
  )
    return sandboxJson(400, {
      refundId: null,
      refundStatus: 'Error',
      errorMessage: 'HashCheck does not match.',
    });
  const transaction = findOzowTransactionBlind(fields.TransactionId);
  if (transaction?.status !== 'Complete')
    return sandboxJson(400, {
      refundId: null,
      refundStatus: 'Error',
      errorMessage: 'Transaction not found or not complete.',
    });
  if (!/^\d+\.\d{2}$/.test(fields.Amount))
    return sandboxJson(400, { refundId: null, refundStatus: 'Error', errorMessage: 'Invalid Amount.' });
  const result = sandboxRefund({
    gateway: 'ozow',
    paymentId: transaction.transactionId,
    paidCents: toCents(Number(transaction.amount)),
    amountCents: toCents(Number(fields.Amount)),
    reason: fields.RefundReason,
  });
  if (!result.ok)
    return sandboxJson(400, { refundId: null, refundStatus: 'Error', errorMessage: result.message });
  return sandboxJson(200, { refundId: result.refund.id, refundStatus: 'Pending', errorMessage: null });
}

/** SnapScan's `POST /merchant/api/v1/refunds` (basic auth with the API key; paymentId, amount in cents, reason). */
export async function snapscanRefund(request: Request): Promise<Response> {
  if (!snapscanApiKeyOk(request.headers.get('authorization')))
    return sandboxJson(401, { message: 'Unauthorized' });
  const form = new URLSearchParams(await request.text());
  const payment = snapscanSandboxPayment(form.get('paymentId') ?? '');
  if (payment?.status !== 'completed') return sandboxJson(404, { message: 'Payment not found.' });
  const result = sandboxRefund({
    gateway: 'snapscan',
    paymentId: String(payment.id),
    paidCents: payment.totalAmount,
    amountCents: Number(form.get('amount')),
    reason: form.get('reason') ?? '',
    key: form.get('merchantReference'),
  });
  if (!result.ok) return sandboxJson(422, { message: result.message });
  return sandboxJson(201, {
    id: result.refund.id,
    paymentId: payment.id,
    amount: result.refund.amountCents,
    reason: result.refund.reason,
    status: 'completed',
    date: result.refund.createdAt,
  });
}
