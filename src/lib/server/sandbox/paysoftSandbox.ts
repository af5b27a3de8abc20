import { timingSafeEqual } from 'node:crypto';
import { maskAccountNumber, passesCdv } from '~/lib/bankAccountCdv';
import { collectDueDebitOrders } from '~/lib/server/donations/debitOrders';
import { type PaysoftResultStatus, xmlElements, xmlValue } from '~/lib/server/payments/paysoft';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { jsonState } from './jsonState';
import { isOwnUrl } from './sandboxHttp';

/**
 * The Paysoft simulator (docs/api/donations.md "Simulator"): the calls our server makes (the
 * customer token with CDV, debit-order batches, the results read-back) and the page at
 * /sandbox/paysoft where a person sets a month's result (paid, unpaid, disputed, reversed),
 * which POSTs the batch's callback as Paysoft would. Sandbox CDV: our own check, and any account
 * number starting 000 is refused, so the refusal path can be tried.
 */

export interface PaysoftSandboxDebit {
  transactionId: string;
  customerCode: string;
  reference: string;
  amountCents: number;
  /** Submitted until a person sets a result. */
  status: 'Submitted' | PaysoftResultStatus;
  /** What the read-back reports as debited (a test may make it differ). */
  reportedCents: number;
}

export interface PaysoftSandboxBatch {
  uniqueId: string;
  reference: string;
  serviceType: string;
  dueDate: string;
  callbackUrl: string;
  submittedAt: string;
  debits: PaysoftSandboxDebit[];
}

interface PaysoftSandboxState {
  nextId: number;
  customers: { customerCode: string; token: string; name: string; branchCode: string; account: string }[];
  batches: PaysoftSandboxBatch[];
}

const store = jsonState<PaysoftSandboxState>('paysoft', () => ({ nextId: 1, customers: [], batches: [] }));

export function paysoftKeyOk(key: string | null): boolean {
  const given = Buffer.from(key ?? '');
  const expected = Buffer.from(env.payments.paysoft.apiKey);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const xmlAnswer = (root: string, fields: Record<string, string | number>): string =>
  `<?xml version="1.0" encoding="utf-8"?><${root}>${xmlElements(fields)}</${root}>`;

/** `POST /API/CustomerToken`: CDV, then a token for the customer. */
export function paysoftTokenize(requestXml: string): string {
  const branchCode = xmlValue(requestXml, 'BranchCode');
  const account = xmlValue(requestXml, 'AccountNumber');
  if (!passesCdv(branchCode, account) || account.startsWith('000'))
    return xmlAnswer('APITokenResponse', { Result: 'CDVFailed' });
  const state = store.get();
  const token = `TKN${String(state.nextId++).padStart(8, '0')}`;
  state.customers.push({
    customerCode: xmlValue(requestXml, 'CustomerCode'),
    token,
    name: `${xmlValue(requestXml, 'FirstNames')} ${xmlValue(requestXml, 'Surname')}`.trim(),
    branchCode,
    account: maskAccountNumber(account),
  });
  store.save();
  return xmlAnswer('APITokenResponse', { Result: 'OK', Token: token });
}

/** `POST /API/DebitOrder`: a batch of tokenized debits; a repeated UniqueId is answered Duplicate. */
export function paysoftSubmitBatch(requestXml: string): string {
  const state = store.get();
  const uniqueId = xmlValue(requestXml, 'UniqueId');
  const callbackUrl = xmlValue(requestXml, 'CallBackUrl');
  if (!uniqueId || !isOwnUrl(callbackUrl)) return xmlAnswer('APIDebitOrdersResponse', { Result: 'Invalid' });
  if (state.batches.some((b) => b.uniqueId === uniqueId))
    return xmlAnswer('APIDebitOrdersResponse', { Result: 'Duplicate' });
  const debits: PaysoftSandboxDebit[] = [];
  for (const m of requestXml.matchAll(/<FileContents>([\s\S]*?)<\/FileContents>/g)) {
    const block = m[1] ?? '';
    const token = xmlValue(block, 'Token');
    if (!state.customers.some((c) => c.token === token))
      return xmlAnswer('APIDebitOrdersResponse', { Result: 'UnknownToken' });
    const cents = Math.round(Number(xmlValue(block, 'FileAmount')) * 100);
    debits.push({
      transactionId: `PST${String(state.nextId++).padStart(8, '0')}`,
      customerCode: xmlValue(block, 'CustomerCode'),
      reference: xmlValue(block, 'Reference'),
      amountCents: cents,
      reportedCents: cents,
      status: 'Submitted',
    });
  }
  const dueDate = xmlValue(requestXml, 'DueDate');
  state.batches.push({
    uniqueId,
    reference: xmlValue(requestXml, 'Reference'),
    serviceType: xmlValue(requestXml, 'ServiceType'),
    dueDate: `${dueDate.slice(0, 4)}-${dueDate.slice(4, 6)}-${dueDate.slice(6, 8)}`,
    callbackUrl,
    submittedAt: new Date().toISOString(),
    debits,
  });
  store.save();
  return xmlAnswer('APIDebitOrdersResponse', { Result: 'OK', UniqueId: uniqueId, Records: debits.length });
}

/** `GET /API/DebitOrderResults?uniqueId=…`: every debit of the batch that has a result. */
export function paysoftResultsXml(uniqueId: string): string {
  const batch = store.get().batches.find((b) => b.uniqueId === uniqueId);
  const transactions = (batch?.debits ?? [])
    .filter((d) => d.status !== 'Submitted')
    .map(
      (d) =>
        `<Transaction>${xmlElements({
          Reference: d.reference,
          TransactionId: d.transactionId,
          Status: d.status,
          Amount: (d.reportedCents / 100).toFixed(2),
          ReasonCode: d.status === 'Paid' ? '' : d.status === 'Unpaid' ? '02' : '04',
        })}</Transaction>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?><APIDebitOrderResults><UniqueId>${uniqueId}</UniqueId>${transactions}</APIDebitOrderResults>`;
}

export function paysoftSandboxBatches(): PaysoftSandboxBatch[] {
  return [...store.get().batches].reverse();
}

/** The callback Paysoft POSTs for a batch: form field `request`, naming the batch. */
export async function postPaysoftCallback(batch: PaysoftSandboxBatch): Promise<void> {
  if (!isOwnUrl(batch.callbackUrl)) return;
  const request = `<APIDebitOrderCallback>${xmlElements({ UniqueId: batch.uniqueId, Reference: batch.reference })}</APIDebitOrderCallback>`;
  try {
    const response = await fetch(batch.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok)
      log.warn(
        { area: 'sandbox', gateway: 'paysoft', batchId: batch.uniqueId, status: response.status },
        'Simulated callback refused',
      );
  } catch (error) {
    log.warn(
      { area: 'sandbox', gateway: 'paysoft', batchId: batch.uniqueId, err: error },
      'Simulated callback not delivered',
    );
  }
}

const RESULTS = new Set<string>(['Paid', 'Unpaid', 'Disputed', 'Reversed']);

/**
 * A person set a debit's result (by our reference): recorded, then the batch's callback is
 * posted (awaited). `amountCents` makes the read-back report another amount (a test of a
 * wrong amount). False when there is no such debit or result.
 */
export async function setPaysoftResult(
  reference: string,
  status: string,
  options: { amountCents?: number; notify?: boolean } = {},
): Promise<boolean> {
  if (!RESULTS.has(status)) return false;
  const state = store.get();
  const batch = state.batches.find((b) => b.debits.some((d) => d.reference === reference));
  const debit = batch?.debits.find((d) => d.reference === reference);
  if (!batch || !debit) return false;
  debit.status = status as PaysoftResultStatus;
  debit.reportedCents = options.amountCents ?? debit.amountCents;
  store.save();
  if (options.notify !== false) await postPaysoftCallback(batch);
  return true;
}

/** The simulator's clock: runs our collections as if it were `date` at 08:00 in South Africa. */
export function runPaysoftCollections(date: string): Promise<number> {
  return collectDueDebitOrders(new Date(`${date}T06:00:00Z`));
}
