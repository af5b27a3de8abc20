import { randomUUID, timingSafeEqual } from 'node:crypto';
import { liteField } from '~/lib/server/payments/iveri';
import { env } from '~/lib/server/platform/env';
import { jsonState } from './jsonState';
import { isOwnUrl, notOwnUrlMessage } from './sandboxHttp';

/**
 * The iVeri Lite simulator (docs/api/donations.md "iVeri Lite"): the hosted payment page the
 * donation form posts to, the return to one of the merchant's four URLs with the Lite_* fields,
 * and Query Transaction Status (the Authorisation Information page). It holds the merchant's
 * application id from env.payments.iveri, as iVeri would.
 */

export interface IveriSandboxTransaction {
  id: string;
  trace: string;
  consumerOrderId: string;
  /** Cents, as posted. */
  amount: string;
  product: string;
  email: string;
  urls: { success: string; fail: string; tryLater: string; error: string };
  /** Lite_Payment_Card_Status once the cardholder chose; null while open. */
  status: string | null;
  description: string;
  transactionIndex: string;
  authorisationCode: string;
  createdAt: string;
}

interface IveriSandboxState {
  transactions: Record<string, IveriSandboxTransaction>;
}

const store = jsonState<IveriSandboxState>('iveri', () => ({ transactions: {} }));

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
};

export type IveriOpenResult =
  | { ok: true; transaction: IveriSandboxTransaction }
  | { ok: false; message: string };

const URL_FIELDS = {
  success: 'Lite_Website_Successful_Url',
  fail: 'Lite_Website_Fail_Url',
  tryLater: 'Lite_Website_TryLater_Url',
  error: 'Lite_Website_Error_Url',
} as const;

/** Checks a Lite form post as iVeri does (application id, amount equal to the line items, URLs). */
export function openIveriPayment(form: Record<string, string>): IveriOpenResult {
  const value = (name: string): string => liteField(form, name);
  if (!sameText(value('Lite_Merchant_ApplicationId'), env.payments.iveri.applicationId))
    return { ok: false, message: 'Unknown application id.' };
  const amount = value('Lite_Order_Amount');
  if (!/^\d{1,10}$/.test(amount) || Number(amount) <= 0)
    return { ok: false, message: 'Lite_Order_Amount must be a whole number of cents.' };
  let lineTotal = 0;
  for (let i = 1; value(`Lite_Order_LineItems_Product_${i}`); i++) {
    const lineAmount = value(`Lite_Order_LineItems_Amount_${i}`);
    const quantity = value(`Lite_Order_LineItems_Quantity_${i}`);
    if (!/^\d+$/.test(lineAmount) || !/^\d+$/.test(quantity))
      return { ok: false, message: `Line item ${i} is not valid.` };
    lineTotal += Number(lineAmount) * Number(quantity);
  }
  if (lineTotal !== Number(amount))
    return { ok: false, message: 'Lite_Order_Amount is not the sum of the line items.' };
  const trace = value('Lite_Merchant_Trace');
  if (!trace || trace.length > 64) return { ok: false, message: 'Lite_Merchant_Trace is not valid.' };
  const urls = { success: '', fail: '', tryLater: '', error: '' };
  for (const [key, name] of Object.entries(URL_FIELDS) as [keyof typeof URL_FIELDS, string][]) {
    const url = value(name);
    if (!URL.canParse(url)) return { ok: false, message: `${name} is not a valid address.` };
    if (!isOwnUrl(url)) return { ok: false, message: notOwnUrlMessage(name) };
    urls[key] = url;
  }
  const transaction: IveriSandboxTransaction = {
    id: randomUUID(),
    trace,
    consumerOrderId: value('Ecom_ConsumerOrderID'),
    amount,
    product: value('Lite_Order_LineItems_Product_1'),
    email: value('Ecom_BillTo_Online_Email'),
    urls,
    status: null,
    description: '',
    transactionIndex: '',
    authorisationCode: '',
    createdAt: new Date().toISOString(),
  };
  store.get().transactions[transaction.id] = transaction;
  store.save();
  return { ok: true, transaction };
}

export function findIveriTransaction(id: string): IveriSandboxTransaction | null {
  return store.get().transactions[id] ?? null;
}

export type IveriAction = 'pay' | 'cancel' | 'fail' | 'tryLater';

/** The simulator's answers: 0 approved, 4 denied, 9 unable to process now (try later). */
const OUTCOME: Readonly<Record<IveriAction, { status: string; description: string }>> = {
  pay: { status: '0', description: 'Approved' },
  fail: { status: '4', description: 'Denied' },
  cancel: { status: '4', description: 'Cancelled by the cardholder' },
  tryLater: { status: '9', description: 'Unable to process the transaction now; please try later' },
};

/** The Lite_* fields iVeri returns for a transaction in its current status. */
export function iveriFieldsOf(transaction: IveriSandboxTransaction): Record<string, string> {
  return {
    Lite_Merchant_ApplicationId: env.payments.iveri.applicationId,
    Lite_Merchant_Trace: transaction.trace,
    Lite_Order_Amount: transaction.amount,
    Lite_Payment_Card_Status: transaction.status ?? '',
    Lite_Result_Description: transaction.description,
    Lite_TransactionIndex: transaction.transactionIndex,
    Lite_Order_AuthorisationCode: transaction.authorisationCode,
    Ecom_ConsumerOrderID: transaction.consumerOrderId,
  };
}

function returnUrlOf(transaction: IveriSandboxTransaction): string {
  const code = Number(transaction.status);
  const target =
    code === 0
      ? transaction.urls.success
      : [1, 2, 5, 9].includes(code)
        ? transaction.urls.tryLater
        : code === 255
          ? transaction.urls.error
          : transaction.urls.fail;
  const url = new URL(target);
  for (const [name, value] of Object.entries(iveriFieldsOf(transaction))) url.searchParams.set(name, value);
  return url.href;
}

/**
 * The cardholder pressed Pay, Fail, Cancel or Try later: the transaction takes its status and the
 * browser goes to the matching URL with the Lite_* fields. A transaction that ended only returns
 * again. Null for an unknown transaction.
 */
export function finishIveriPayment(id: string, action: IveriAction): string | null {
  const transaction = findIveriTransaction(id);
  if (!transaction) return null;
  if (transaction.status === null) {
    const { status, description } = OUTCOME[action];
    transaction.status = status;
    transaction.description = description;
    transaction.transactionIndex = `{${randomUUID().toUpperCase()}}`;
    transaction.authorisationCode = status === '0' ? String(100000 + Math.floor(Math.random() * 900000)) : '';
    store.save();
  }
  return returnUrlOf(transaction);
}

/**
 * Query Transaction Status: the latest finished transaction under the trace, as the fields iVeri's
 * Authorisation Information page returns. Null when the application id is not ours.
 */
export function queryIveriSandbox(form: Record<string, string>): Record<string, string> | null {
  if (!sameText(liteField(form, 'Lite_Merchant_ApplicationId'), env.payments.iveri.applicationId))
    return null;
  const trace = liteField(form, 'Lite_Merchant_Trace');
  const latest = Object.values(store.get().transactions)
    .filter((t) => t.trace === trace && t.status !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (!latest)
    return { Lite_Merchant_Trace: trace, Lite_Payment_Card_Status: '', Lite_Result_Description: 'Not found' };
  return iveriFieldsOf(latest);
}

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The fields as iVeri's answer page carries them: hidden inputs. */
export function iveriFieldsHtml(fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return `<!doctype html><html><body><form>\n${inputs}\n</form></body></html>`;
}
