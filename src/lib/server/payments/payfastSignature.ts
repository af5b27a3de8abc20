import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PayFast checkout field order for the MD5 signature, as PayFast's custom-integration
 * documentation lists the form fields. The signature string follows this order, not
 * alphabetical order; fields PayFast adds later must be slotted in where its docs place them.
 */
export const PAYFAST_CHECKOUT_FIELD_ORDER = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'payment_method',
  'subscription_type',
  'billing_date',
  'recurring_amount',
  'frequency',
  'cycles',
] as const;

/** A field name PayFast accepts on the hosted checkout form. */
export type PayfastCheckoutField = (typeof PAYFAST_CHECKOUT_FIELD_ORDER)[number];

/** Checkout form values by field name; absent or undefined fields are left out. */
export type PayfastCheckoutRecord = Partial<Record<PayfastCheckoutField, string | undefined>>;

/** Bytes PHP's urlencode leaves as they are: ASCII letters, digits, `-`, `_` and `.`. */
const isUnreserved = (byte: number): boolean =>
  (byte >= 0x30 && byte <= 0x39) || // 0-9
  (byte >= 0x41 && byte <= 0x5a) || // A-Z
  (byte >= 0x61 && byte <= 0x7a) || // a-z
  byte === 0x2d || // -
  byte === 0x5f || // _
  byte === 0x2e; // .

/**
 * Encodes a value exactly as PHP's `urlencode` does, which is what PayFast signs:
 * the UTF-8 bytes, with letters, digits and `-_.` kept, a space as `+`, and every other
 * byte as `%XX` in upper-case hex (so `~` → `%7E`, `é` → `%C3%A9`, `/` → `%2F`).
 */
export function payfastEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    if (isUnreserved(byte)) out += String.fromCharCode(byte);
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const md5Hex = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

/** Appends `&passphrase=…` (trimmed, encoded) when a non-empty passphrase is set. */
function withPassphrase(paramString: string, passphrase: string | undefined): string {
  const phrase = passphrase?.trim() ?? '';
  if (phrase === '') return paramString;
  const pair = `passphrase=${payfastEncode(phrase)}`;
  return paramString === '' ? pair : `${paramString}&${pair}`;
}

/**
 * The PayFast checkout signature: lower-case hex MD5 of `name=value` pairs joined by `&`,
 * in the order given (use {@link orderPayfastFields} for the documented order), each value
 * trimmed and {@link payfastEncode}d, pairs whose trimmed value is empty left out, and
 * `passphrase=…` appended last when a passphrase is given. A `signature` field, if
 * present, is ignored.
 */
export function payfastSignature(
  fields: ReadonlyArray<readonly [string, string]>,
  passphrase?: string,
): string {
  const pairs: string[] = [];
  for (const [name, raw] of fields) {
    if (name === 'signature') continue;
    const value = raw.trim();
    if (value === '') continue;
    pairs.push(`${name}=${payfastEncode(value)}`);
  }
  return md5Hex(withPassphrase(pairs.join('&'), passphrase));
}

/**
 * Puts a checkout record into {@link PAYFAST_CHECKOUT_FIELD_ORDER}, dropping undefined fields.
 * Empty strings are kept here (they are skipped when signing).
 */
export function orderPayfastFields(record: PayfastCheckoutRecord): Array<[PayfastCheckoutField, string]> {
  const ordered: Array<[PayfastCheckoutField, string]> = [];
  for (const name of PAYFAST_CHECKOUT_FIELD_ORDER) {
    const value = record[name];
    if (value !== undefined) ordered.push([name, value]);
  }
  return ordered;
}

/** Constant-time, case-insensitive comparison of MD5 hex digests. */
function md5HexEqual(expected: string, received: string): boolean {
  const candidate = received.trim().toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(candidate)) return false;
  return timingSafeEqual(Buffer.from(expected, 'utf8'), Buffer.from(candidate, 'utf8'));
}

/**
 * The signature PayFast puts on an ITN: every field except `signature`, in the order given,
 * as `name=urlencode(value)` joined by `&` (values as they are: not trimmed, empty ones kept),
 * then `&passphrase=…` when set. The simulator signs with it; {@link verifyPayfastItnSignature} checks it.
 */
export function payfastItnSignature(
  fields: Iterable<readonly [string, string]>,
  passphrase?: string,
): string {
  return md5Hex(withPassphrase(payfastItnParamString(fields), passphrase));
}

/**
 * The ITN's parameter string without `signature` (and without passphrase): what our server
 * posts back to PayFast's `/eng/query/validate` to confirm the notification is genuine.
 */
export function payfastItnParamString(fields: Iterable<readonly [string, string]>): string {
  const pairs: string[] = [];
  for (const [name, value] of fields) {
    if (name !== 'signature') pairs.push(`${name}=${payfastEncode(value)}`);
  }
  return pairs.join('&');
}

/**
 * The signature of a PayFast REST API call (subscriptions): the headers `merchant-id`,
 * `version` and `timestamp`, the body (or query) fields and `passphrase` (when set), sorted by
 * name, as `name=urlencode(value)` joined by `&`, lower-case hex MD5. Unlike the checkout
 * signature the order is alphabetical and nothing is left out for being empty.
 */
export function payfastApiSignature(params: Readonly<Record<string, string>>, passphrase?: string): string {
  const all: Record<string, string> = { ...params };
  delete all.signature;
  const phrase = passphrase?.trim() ?? '';
  if (phrase !== '') all.passphrase = phrase;
  const names = Object.keys(all).sort();
  return md5Hex(names.map((name) => `${name}=${payfastEncode(all[name] ?? '')}`).join('&'));
}

/** Whether `received` is the {@link payfastApiSignature} of `params` (case-insensitive, constant-time). */
export function verifyPayfastApiSignature(
  params: Readonly<Record<string, string>>,
  received: string | null | undefined,
  passphrase?: string,
): boolean {
  if (!received) return false;
  return md5HexEqual(payfastApiSignature(params, passphrase), received);
}

/** Whether `received` is the checkout {@link payfastSignature} of `fields` (case-insensitive, constant-time). */
export function verifyPayfastSignature(
  fields: ReadonlyArray<readonly [string, string]>,
  received: string | null | undefined,
  passphrase?: string,
): boolean {
  if (!received) return false;
  return md5HexEqual(payfastSignature(fields, passphrase), received);
}

/**
 * Checks the `signature` of a PayFast ITN post. The string signed is every posted field
 * except `signature`, in the order received, as `name=urlencode(value)` joined by `&`
 * (values as posted: not trimmed, empty ones kept), then `&passphrase=…` when set.
 * Returns false when the signature is missing or malformed, or a field name is repeated.
 * This is only the signature check: source address, amount and server confirmation are
 * separate ITN checks.
 */
export function verifyPayfastItnSignature(
  postedBody: string | URLSearchParams,
  passphrase?: string,
): boolean {
  const params = typeof postedBody === 'string' ? new URLSearchParams(postedBody) : postedBody;
  const seen = new Set<string>();
  const fields: Array<[string, string]> = [];
  let received: string | undefined;
  for (const [name, value] of params) {
    if (seen.has(name)) return false;
    seen.add(name);
    if (name === 'signature') received = value;
    else fields.push([name, value]);
  }
  if (received === undefined) return false;
  return md5HexEqual(payfastItnSignature(fields, passphrase), received);
}
