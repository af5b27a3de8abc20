import { env } from '~/lib/server/platform/env';

/**
 * Paysoft debit orders (payment method 7), docs/api/donations.md "Paysoft debit orders".
 *
 * Published (Paysoft's API documentation, docs.paysoft.co.za, and the same platform's debit-order
 * API as Peach Payments documents it, developer.peachpayments.com/docs/debit-orders):
 * - `POST {apiUrl}/DebitOrder?key={apiKey}` with the form field `request`, an
 *   `APIDebitOrdersRequest` XML document: a Header (PsVer 2.0.1, Client, Service DebitOrder,
 *   ServiceType, DueDate YYYYMMDD, CallBackUrl, Reference, UniqueId against duplicate batches),
 *   DebitOrders/FileContents per debit (tokenized: CustomerCode, Token, AmountMultiplier,
 *   FileAmount in rand, Reference) and Totals (Records, Amount);
 * - Paysoft runs CDV on every account and answers the ones that fail;
 * - results (unpaids) are POSTed to the batch's CallBackUrl, retried up to 10 times;
 * - submission cut-offs: same day 15h00, one-day 14h00, two-day 11h00.
 * Our assumptions (not in what Paysoft publishes; confirm with Paysoft when going live):
 * - the token call `POST {apiUrl}/CustomerToken?key=…` (`APITokenRequest`, answered with
 *   `<Result>OK</Result><Token>…</Token>` or `<Result>CDVFailed</Result>`);
 * - the results read-back `GET {apiUrl}/DebitOrderResults?key=…&uniqueId=…` (one `<Result>` per
 *   debit, `<Transaction>` with Reference, TransactionId, Status Paid/Unpaid/Disputed/Reversed,
 *   Amount in rand, ReasonCode).
 *   A callback is never booked from its own body: only this read-back, with our key, books.
 */

export const PAYSOFT_CALLBACK_PATH = '/api/v1/payments/paysoft/callback';
const PS_VERSION = '2.0.1';
const TIMEOUT_MS = 15_000;

export type PaysoftServiceType = 'SameDay' | '1Day' | '2Day';
export type PaysoftResultStatus = 'Paid' | 'Unpaid' | 'Disputed' | 'Reversed';

/** One debit's result as Paysoft's read-back reports it. */
export interface PaysoftResult {
  reference: string;
  transactionId: string;
  status: PaysoftResultStatus;
  amountCents: number;
  reasonCode: string;
}

/** Paysoft answered, but refused the account (CDV) or the request. */
export class PaysoftRefusedError extends Error {
  constructor(
    message: string,
    readonly cdv: boolean,
  ) {
    super(message);
    this.name = 'PaysoftRefusedError';
  }
}

const escapeXml = (value: string): string => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const unescapeXml = (value: string): string =>
  value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** `<Name>value</Name>` for each entry, escaped. */
export function xmlElements(fields: Record<string, string | number>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('');
}

/** The text of every `<name>…</name>` in `xml` (flat elements only, as Paysoft's documents are). */
export function xmlValues(xml: string, name: string): string[] {
  const pattern = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g');
  return [...xml.matchAll(pattern)].map((m) => unescapeXml((m[1] ?? '').trim()));
}

export const xmlValue = (xml: string, name: string): string => xmlValues(xml, name)[0] ?? '';

/** Rand with two decimals, as FileAmount takes it. */
const rand = (cents: number): string => (cents / 100).toFixed(2);

function apiUrl(path: string, query: Record<string, string> = {}): string {
  const { apiUrl: base, apiKey } = env.payments.paysoft;
  return `${base}/${path}?${new URLSearchParams({ key: apiKey, ...query })}`;
}

async function postRequest(path: string, xml: string): Promise<string> {
  const response = await fetch(apiUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: xml }).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`Paysoft ${path} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

export interface PaysoftCustomer {
  /** Our customer code: the monthly donation's reference. */
  customerCode: string;
  firstNames: string;
  surname: string;
  idNumber: string;
  branchCode: string;
  accountNumber: string;
  /** BankservAfrica's account type code (lookups: Savings 2, Cheque 1). */
  accountType: string;
}

/**
 * Registers the donor's account with Paysoft (which runs CDV on it) and returns the token later
 * debits name. Throws PaysoftRefusedError (cdv true) when Paysoft's CDV refuses the account.
 */
export async function tokenizePaysoftCustomer(customer: PaysoftCustomer): Promise<string> {
  const { clientCode } = env.payments.paysoft;
  const xml = `<APITokenRequest><Header>${xmlElements({ PsVer: PS_VERSION, Client: clientCode })}</Header><Customer>${xmlElements(
    {
      CustomerCode: customer.customerCode,
      FirstNames: customer.firstNames,
      Surname: customer.surname,
      IdNumber: customer.idNumber,
      BranchCode: customer.branchCode,
      AccountNumber: customer.accountNumber,
      AccountType: customer.accountType,
    },
  )}</Customer></APITokenRequest>`;
  const answer = await postRequest('CustomerToken', xml);
  const result = xmlValue(answer, 'Result');
  const token = xmlValue(answer, 'Token');
  if (result === 'CDVFailed') throw new PaysoftRefusedError('Paysoft CDV refused the account', true);
  if (result !== 'OK' || !token) throw new PaysoftRefusedError(`Paysoft token answer: ${result}`, false);
  return token;
}

export interface PaysoftDebit {
  customerCode: string;
  token: string;
  amountCents: number;
  /** Our reference for this month's debit (the charge's donation reference). */
  reference: string;
}

export interface PaysoftBatch {
  /** Paysoft refuses a second batch with the same UniqueId: a retried submission debits once. */
  uniqueId: string;
  reference: string;
  serviceType: PaysoftServiceType;
  /** YYYY-MM-DD: the action date, the donor's deduction day. */
  dueDate: string;
  debits: PaysoftDebit[];
}

/** The `APIDebitOrdersRequest` document for a batch. */
export function debitOrdersRequestXml(batch: PaysoftBatch, callbackUrl: string): string {
  const { clientCode } = env.payments.paysoft;
  const header = xmlElements({
    PsVer: PS_VERSION,
    Client: clientCode,
    Service: 'DebitOrder',
    ServiceType: batch.serviceType,
    DueDate: batch.dueDate.replaceAll('-', ''),
    CallBackUrl: callbackUrl,
    Reference: batch.reference,
    UniqueId: batch.uniqueId,
  });
  const contents = batch.debits
    .map(
      (d) =>
        `<FileContents>${xmlElements({
          CustomerCode: d.customerCode,
          Token: d.token,
          AmountMultiplier: 1,
          FileAmount: rand(d.amountCents),
          Reference: d.reference,
        })}</FileContents>`,
    )
    .join('');
  const total = batch.debits.reduce((sum, d) => sum + d.amountCents, 0);
  const totals = xmlElements({ Records: batch.debits.length, Amount: rand(total) });
  return `<APIDebitOrdersRequest><Header>${header}</Header><DebitOrders>${contents}</DebitOrders><Totals>${totals}</Totals></APIDebitOrdersRequest>`;
}

/** Submits a batch of debits for its due date. Throws when Paysoft refuses it. */
export async function submitPaysoftBatch(batch: PaysoftBatch, publicUrl: string): Promise<void> {
  const answer = await postRequest(
    'DebitOrder',
    debitOrdersRequestXml(batch, `${publicUrl}${PAYSOFT_CALLBACK_PATH}`),
  );
  const result = xmlValue(answer, 'Result');
  if (result !== 'OK' && result !== 'Duplicate')
    throw new PaysoftRefusedError(
      `Paysoft refused batch ${batch.uniqueId}: ${result || answer.slice(0, 200)}`,
      false,
    );
}

const STATUSES = new Set<string>(['Paid', 'Unpaid', 'Disputed', 'Reversed']);

/** Paysoft's results for a batch, read back with our key (the only thing that books). */
export async function paysoftBatchResults(uniqueId: string): Promise<PaysoftResult[]> {
  const response = await fetch(apiUrl('DebitOrderResults', { uniqueId }), {
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Paysoft results for ${uniqueId} answered HTTP ${response.status}`);
  return [...text.matchAll(/<Transaction>([\s\S]*?)<\/Transaction>/g)]
    .map((m) => m[1] ?? '')
    .map((block) => ({
      reference: xmlValue(block, 'Reference'),
      transactionId: xmlValue(block, 'TransactionId'),
      status: xmlValue(block, 'Status') as PaysoftResultStatus,
      amountCents: Math.round(Number(xmlValue(block, 'Amount')) * 100),
      reasonCode: xmlValue(block, 'ReasonCode'),
    }))
    .filter(
      (r) => r.reference && r.transactionId && STATUSES.has(r.status) && Number.isFinite(r.amountCents),
    );
}

/** Paysoft's submission cut-offs, hour of the day in South Africa, per service type. */
export const PAYSOFT_CUTOFF_HOURS: Readonly<Record<PaysoftServiceType, number>> = {
  '2Day': 11,
  '1Day': 14,
  SameDay: 15,
};

/**
 * The service that still reaches the bank for `dueDate` when submitting on `today` at `hour`
 * (South African time): two-day before 11h00 two days ahead, one-day before 14h00 the day
 * before, same-day before 15h00 on the day (Paysoft holds an early batch for its DueDate).
 * Null when the last cut-off for that date has passed.
 */
export function paysoftServiceFor(dueDate: string, today: string, hour: number): PaysoftServiceType | null {
  const days = Math.round((Date.parse(dueDate) - Date.parse(today)) / 86_400_000);
  if (days >= 3) return '2Day';
  if (days === 2) return hour < PAYSOFT_CUTOFF_HOURS['2Day'] ? '2Day' : '1Day';
  if (days === 1) return hour < PAYSOFT_CUTOFF_HOURS['1Day'] ? '1Day' : 'SameDay';
  if (days === 0 && hour < PAYSOFT_CUTOFF_HOURS.SameDay) return 'SameDay';
  return null;
}
