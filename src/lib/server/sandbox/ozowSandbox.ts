import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { OzowTransaction } from '~/lib/server/payments/ozow';
import {
  type OzowRequestFields,
  ozowNotificationHash,
  ozowRequestHash,
} from '~/lib/server/payments/ozowHash';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { jsonState } from './jsonState';
import { isOwnUrl, notOwnUrlMessage } from './sandboxHttp';

/**
 * The Ozow simulator (docs/api/donations.md "Simulator"): the hosted payment
 * page the donation form posts to, the notification Ozow posts to NotifyUrl
 * with the redirect that follows, and `GetTransactionByReference`. It holds the
 * merchant's credentials from env.payments.ozow, as Ozow would.
 */

export type OzowSandboxStatus = 'Pending' | 'Complete' | 'Cancelled' | 'Error';

export interface OzowSandboxTransaction {
  transactionId: string;
  siteCode: string;
  transactionReference: string;
  bankReference: string;
  /** As posted, e.g. `25.00`. */
  amount: string;
  currencyCode: string;
  isTest: string;
  optional: [string, string, string, string, string];
  customer: string;
  cancelUrl: string;
  errorUrl: string;
  successUrl: string;
  notifyUrl: string;
  status: OzowSandboxStatus;
  statusMessage: string;
  createdDate: string;
  paymentDate: string | null;
}

/**
 * How the next status check for a reference fails, so tests can show that a notification whose
 * check could not be made is asked for again: `error` answers 503, `malformed` a list of
 * something else, `garbled` a body that is not JSON.
 */
export const OZOW_FAULTS = ['error', 'malformed', 'garbled'] as const;
export type OzowFault = (typeof OZOW_FAULTS)[number];

interface OzowSandboxState {
  transactions: Record<string, OzowSandboxTransaction>;
  /** By transaction reference: the next status check's failure, then gone. */
  faults: Record<string, OzowFault>;
}

const store = jsonState<OzowSandboxState>('ozow', () => ({ transactions: {}, faults: {} }));

/** Makes the next status check for `reference` fail as `fault` says (once). */
export function setOzowFault(reference: string, fault: OzowFault): void {
  store.get().faults[reference] = fault;
  store.save();
}

/** The fault waiting for `reference`, removed as it is taken; null when none. */
export function takeOzowFault(reference: string): OzowFault | null {
  const state = store.get();
  const fault = state.faults[reference] ?? null;
  if (fault) {
    delete state.faults[reference];
    store.save();
  }
  return fault;
}

const OPTIONAL_NAMES = ['Optional1', 'Optional2', 'Optional3', 'Optional4', 'Optional5'] as const;
const AMOUNT = /^\d{1,7}\.\d{2}$/;
const BANK_REFERENCE = /^[A-Za-z0-9 -]{1,20}$/;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const isHttpUrl = (value: string): boolean => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

export type OpenResult = { ok: true; transaction: OzowSandboxTransaction } | { ok: false; message: string };

/** Checks a payment request post as Ozow does (site, hash, fields) and opens a Pending transaction. */
export function openOzowPayment(form: Record<string, string>): OpenResult {
  const { siteCode, privateKey } = env.payments.ozow;
  const value = (name: string): string => form[name] ?? '';
  if (value('SiteCode') !== siteCode) return { ok: false, message: 'Unknown site code.' };
  const fields: OzowRequestFields = {
    SiteCode: value('SiteCode'),
    CountryCode: value('CountryCode'),
    CurrencyCode: value('CurrencyCode'),
    Amount: value('Amount'),
    TransactionReference: value('TransactionReference'),
    BankReference: value('BankReference'),
    Optional1: form.Optional1,
    Optional2: form.Optional2,
    Optional3: form.Optional3,
    Optional4: form.Optional4,
    Optional5: form.Optional5,
    Customer: form.Customer,
    CancelUrl: form.CancelUrl,
    ErrorUrl: form.ErrorUrl,
    SuccessUrl: form.SuccessUrl,
    NotifyUrl: form.NotifyUrl,
    IsTest: value('IsTest'),
  };
  if (!sameText(ozowRequestHash(fields, privateKey), value('HashCheck').toLowerCase()))
    return {
      ok: false,
      message: 'The hash check failed: the request was altered or signed with another key.',
    };
  if (value('CountryCode') !== 'ZA' || value('CurrencyCode') !== 'ZAR')
    return { ok: false, message: 'Only South African banks and rand are supported.' };
  if (!AMOUNT.test(value('Amount')) || Number(value('Amount')) <= 0)
    return { ok: false, message: 'The amount is not valid.' };
  if (!value('TransactionReference') || value('TransactionReference').length > 50)
    return { ok: false, message: 'The transaction reference is not valid.' };
  if (!BANK_REFERENCE.test(value('BankReference')))
    return { ok: false, message: 'The bank reference is not valid.' };
  for (const name of ['CancelUrl', 'ErrorUrl', 'SuccessUrl', 'NotifyUrl']) {
    if (!isHttpUrl(value(name))) return { ok: false, message: `${name} is not a valid address.` };
    if (!isOwnUrl(value(name))) return { ok: false, message: notOwnUrlMessage(name) };
  }

  const transaction: OzowSandboxTransaction = {
    transactionId: randomUUID(),
    siteCode: value('SiteCode'),
    transactionReference: value('TransactionReference'),
    bankReference: value('BankReference'),
    amount: value('Amount'),
    currencyCode: 'ZAR',
    isTest: value('IsTest').toLowerCase() === 'true' ? 'true' : 'false',
    optional: OPTIONAL_NAMES.map((name) => form[name] ?? '') as OzowSandboxTransaction['optional'],
    customer: value('Customer'),
    cancelUrl: value('CancelUrl'),
    errorUrl: value('ErrorUrl'),
    successUrl: value('SuccessUrl'),
    notifyUrl: value('NotifyUrl'),
    status: 'Pending',
    statusMessage: '',
    createdDate: new Date().toISOString(),
    paymentDate: null,
  };
  const state = store.get();
  state.transactions[transaction.transactionId] = transaction;
  store.save();
  return { ok: true, transaction };
}

export function findOzowTransaction(id: string): OzowSandboxTransaction | null {
  return store.get().transactions[id] ?? null;
}

/** The notification fields (and Hash) Ozow posts for a transaction in its current status. */
export function ozowNotificationOf(transaction: OzowSandboxTransaction): Record<string, string> {
  const [Optional1, Optional2, Optional3, Optional4, Optional5] = transaction.optional;
  const fields = {
    SiteCode: transaction.siteCode,
    TransactionId: transaction.transactionId,
    TransactionReference: transaction.transactionReference,
    Amount: transaction.amount,
    Status: transaction.status,
    Optional1,
    Optional2,
    Optional3,
    Optional4,
    Optional5,
    CurrencyCode: transaction.currencyCode,
    IsTest: transaction.isTest,
    StatusMessage: transaction.statusMessage,
  };
  return { ...fields, Hash: ozowNotificationHash(fields, env.payments.ozow.privateKey) };
}

export type OzowAction = 'pay' | 'cancel' | 'fail';

const OUTCOME: Readonly<Record<OzowAction, { status: OzowSandboxStatus; message: string }>> = {
  pay: { status: 'Complete', message: 'Test transaction completed' },
  cancel: { status: 'Cancelled', message: 'Transaction cancelled by the customer' },
  fail: { status: 'Error', message: 'Test transaction failed at the bank' },
};

function redirectOf(transaction: OzowSandboxTransaction): string {
  const target =
    transaction.status === 'Complete'
      ? transaction.successUrl
      : transaction.status === 'Cancelled'
        ? transaction.cancelUrl
        : transaction.errorUrl;
  const url = new URL(target);
  for (const [name, value] of Object.entries(ozowNotificationOf(transaction)))
    url.searchParams.set(name, value);
  return url.href;
}

/**
 * The donor pressed Pay, Cancel or Fail: the transaction takes its final
 * status, Ozow's notification goes to NotifyUrl (awaited, as the redirect
 * follows it), and the browser is sent to SuccessUrl, CancelUrl or ErrorUrl
 * with the same fields as query. A transaction that already ended only
 * redirects again. Null for an unknown transaction.
 */
export async function finishOzowPayment(id: string, action: OzowAction): Promise<string | null> {
  const transaction = findOzowTransaction(id);
  if (!transaction) return null;
  if (transaction.status !== 'Pending') return redirectOf(transaction);
  const { status, message } = OUTCOME[action];
  transaction.status = status;
  transaction.statusMessage = message;
  transaction.paymentDate = status === 'Complete' ? new Date().toISOString() : null;
  store.save();
  try {
    const response = await fetch(transaction.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(ozowNotificationOf(transaction)).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok)
      log.warn(
        {
          area: 'sandbox',
          gateway: 'ozow',
          reference: transaction.transactionReference,
          status: response.status,
        },
        'Simulated notification refused',
      );
  } catch (error) {
    log.warn(
      { area: 'sandbox', gateway: 'ozow', reference: transaction.transactionReference, err: error },
      'Simulated notification not delivered',
    );
  }
  return redirectOf(transaction);
}

/**
 * `GetTransactionByReference`: the site's transactions under a reference, as
 * Ozow lists them (at most 10, newest first). Null when the API key or site is wrong.
 */
export function ozowTransactionsByReference(
  apiKey: string | null,
  siteCode: string,
  reference: string,
): OzowTransaction[] | null {
  const ozow = env.payments.ozow;
  if (!apiKey || !sameText(apiKey, ozow.apiKey) || siteCode !== ozow.siteCode) return null;
  return Object.values(store.get().transactions)
    .filter((t) => t.transactionReference === reference && t.siteCode === siteCode)
    .sort((a, b) => b.createdDate.localeCompare(a.createdDate))
    .slice(0, 10)
    .map((t) => ({
      transactionId: t.transactionId,
      merchantCode: 'SANDBOX',
      siteCode: t.siteCode,
      transactionReference: t.transactionReference,
      currencyCode: t.currencyCode,
      amount: Number(t.amount),
      status: t.status,
      statusMessage: t.statusMessage || null,
      createdDate: t.createdDate,
      paymentDate: t.paymentDate,
    }));
}

/** A transaction by Ozow's id in any case (our ledger keeps Ozow's ids lower-cased). */
export function findOzowTransactionBlind(id: string): OzowSandboxTransaction | null {
  const wanted = id.toLowerCase();
  return (
    Object.values(store.get().transactions).find((t) => t.transactionId.toLowerCase() === wanted) ?? null
  );
}
