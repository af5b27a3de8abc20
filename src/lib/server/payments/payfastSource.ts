import { isIP } from 'node:net';

/**
 * Where a PayFast ITN may come from. PayFast publishes the addresses its notifications
 * leave from; PAYFAST_VALID_SOURCES lists them (single addresses or IPv4 CIDR ranges).
 * With none configured, production trusts PayFast's published ranges and anything else only
 * loopback (the local simulator). Behind a reverse proxy in TRUSTED_PROXIES the address checked is
 * the one the proxy forwarded for (src/lib/server/http/clientAddress.ts).
 */

/**
 * The ranges PayFast publishes for its servers ("System information" in its developer docs):
 * the default in production when PAYFAST_VALID_SOURCES is not set.
 */
export const PAYFAST_PUBLISHED_SOURCES: readonly string[] = [
  '197.97.145.144/28',
  '41.74.179.192/27',
  '102.216.36.0/28',
  '102.216.36.128/28',
  '144.126.193.139',
];

/** `::ffff:127.0.0.1` (an IPv4 client on a dual-stack socket) → `127.0.0.1`; lower-cases IPv6. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

function ipv4ToNumber(address: string): number | null {
  if (isIP(address) !== 4) return null;
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inIpv4Range(address: string, base: string, bits: number): boolean {
  const a = ipv4ToNumber(address);
  const b = ipv4ToNumber(base);
  if (a === null || b === null || !(bits >= 0 && bits <= 32)) return false;
  const size = 2 ** (32 - bits);
  return Math.floor(a / size) === Math.floor(b / size);
}

function matches(address: string, rule: string): boolean {
  const [base, bits] = rule.split('/');
  if (base === undefined) return false;
  if (bits !== undefined) return inIpv4Range(address, normaliseAddress(base), Number(bits));
  return normaliseAddress(base) === address;
}

export function isLoopback(address: string): boolean {
  const a = normaliseAddress(address);
  return a === '::1' || inIpv4Range(a, '127.0.0.0', 8);
}

/** Whether an ITN from `address` may be believed: one of `allowed`, or loopback when `allowed` is empty. */
export function isAllowedPayfastSource(
  address: string | null | undefined,
  allowed: readonly string[],
): boolean {
  if (!address) return false;
  const a = normaliseAddress(address);
  if (allowed.length === 0) return isLoopback(a);
  return allowed.some((rule) => matches(a, rule.trim()));
}
