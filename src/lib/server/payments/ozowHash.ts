import { createHash, timingSafeEqual } from 'node:crypto';

/** A value Ozow hashes: booleans become `true`/`false`; absent values are empty. */
type OzowValue = string | boolean | undefined;

/** The fields of an Ozow payment request that its `HashCheck` covers. */
export interface OzowRequestFields {
  readonly SiteCode: string;
  readonly CountryCode: string;
  readonly CurrencyCode: string;
  /** The amount exactly as posted, e.g. `25.00`. */
  readonly Amount: string;
  readonly TransactionReference: string;
  readonly BankReference: string;
  readonly Optional1?: string | undefined;
  readonly Optional2?: string | undefined;
  readonly Optional3?: string | undefined;
  readonly Optional4?: string | undefined;
  readonly Optional5?: string | undefined;
  readonly Customer?: string | undefined;
  readonly CancelUrl?: string | undefined;
  readonly ErrorUrl?: string | undefined;
  readonly SuccessUrl?: string | undefined;
  readonly NotifyUrl?: string | undefined;
  /** `true`/`false`; a boolean is written as `true` or `false`. */
  readonly IsTest: boolean | string;
}

/** The fields of an Ozow notification (or redirect response) that its `Hash` covers. */
export interface OzowNotificationFields {
  readonly SiteCode: string;
  readonly TransactionId: string;
  readonly TransactionReference: string;
  readonly Amount: string;
  readonly Status: string;
  readonly Optional1?: string | undefined;
  readonly Optional2?: string | undefined;
  readonly Optional3?: string | undefined;
  readonly Optional4?: string | undefined;
  readonly Optional5?: string | undefined;
  readonly CurrencyCode: string;
  readonly IsTest: boolean | string;
  readonly StatusMessage?: string | undefined;
}

/** Request hash order, per Ozow's post-variables table; the private key follows. */
export const OZOW_REQUEST_HASH_ORDER = [
  'SiteCode',
  'CountryCode',
  'CurrencyCode',
  'Amount',
  'TransactionReference',
  'BankReference',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'Customer',
  'CancelUrl',
  'ErrorUrl',
  'SuccessUrl',
  'NotifyUrl',
  'IsTest',
] as const satisfies ReadonlyArray<keyof OzowRequestFields>;

/** Notification hash order, per Ozow's response-variables table; the private key follows. */
export const OZOW_NOTIFICATION_HASH_ORDER = [
  'SiteCode',
  'TransactionId',
  'TransactionReference',
  'Amount',
  'Status',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'CurrencyCode',
  'IsTest',
  'StatusMessage',
] as const satisfies ReadonlyArray<keyof OzowNotificationFields>;

const text = (value: OzowValue): string =>
  value === undefined ? '' : typeof value === 'boolean' ? String(value) : value;

/** Constant-time, case-insensitive comparison of SHA-512 hex digests. */
function sha512HexEqual(expected: string, received: string): boolean {
  const candidate = received.trim().toLowerCase();
  if (!/^[0-9a-f]{128}$/.test(candidate)) return false;
  return timingSafeEqual(Buffer.from(expected, 'utf8'), Buffer.from(candidate, 'utf8'));
}

/** SHA-512 hex of the values in order, then the private key, all concatenated and lower-cased. */
function ozowHash(values: ReadonlyArray<OzowValue>, privateKey: string): string {
  const input = (values.map(text).join('') + privateKey).toLowerCase();
  return createHash('sha512').update(input, 'utf8').digest('hex');
}

/**
 * Ozow's `HashCheck` for a payment request: the request values in
 * {@link OZOW_REQUEST_HASH_ORDER} (absent ones as empty) concatenated with no separator,
 * the private key appended, the whole lower-cased, then SHA-512, lower-case hex.
 */
export function ozowRequestHash(fields: OzowRequestFields, privateKey: string): string {
  return ozowHash(
    OZOW_REQUEST_HASH_ORDER.map((name) => fields[name]),
    privateKey,
  );
}

/**
 * The hash Ozow sends as `Hash` with a notification: the values in
 * {@link OZOW_NOTIFICATION_HASH_ORDER} concatenated, private key appended, lower-cased, SHA-512 hex.
 */
export function ozowNotificationHash(fields: OzowNotificationFields, privateKey: string): string {
  return ozowHash(
    OZOW_NOTIFICATION_HASH_ORDER.map((name) => fields[name]),
    privateKey,
  );
}

/**
 * Whether a notification's `Hash` matches {@link ozowNotificationHash} (case-insensitive,
 * constant-time). False when `Hash` is missing or not 128 hex digits.
 */
export function verifyOzowNotification(
  fields: OzowNotificationFields & { readonly Hash?: string | undefined },
  privateKey: string,
): boolean {
  if (fields.Hash === undefined) return false;
  return sha512HexEqual(ozowNotificationHash(fields, privateKey), fields.Hash);
}

/** The fields of an Ozow refund request (`POST {apiUrl}/secure/refunds/submitrefund`) its `HashCheck` covers, in order. */
export interface OzowRefundFields {
  readonly SiteCode: string;
  readonly TransactionId: string;
  /** Rand with two decimals, e.g. `25.00`. */
  readonly Amount: string;
  readonly RefundReason: string;
}

/** `HashCheck` of a refund request: SiteCode, TransactionId, Amount and RefundReason, private key appended, lower-cased, SHA-512 hex. */
export function ozowRefundHash(fields: OzowRefundFields, privateKey: string): string {
  return ozowHash([fields.SiteCode, fields.TransactionId, fields.Amount, fields.RefundReason], privateKey);
}

/** Whether a refund request's `HashCheck` matches (the simulator's check). */
export function verifyOzowRefundHash(
  fields: OzowRefundFields,
  hashCheck: string | undefined,
  privateKey: string,
): boolean {
  return hashCheck !== undefined && sha512HexEqual(ozowRefundHash(fields, privateKey), hashCheck);
}
