import { BlockList, isIP } from 'node:net';
// Relative, with its extension: server/main.ts imports this file too (the client of a request it answers).
import { normaliseAddress } from '../payments/payfastSource.ts';

/**
 * The client's address behind reverse proxies (DESIGN §12, issue 28). TRUSTED_PROXIES lists the
 * proxies' addresses or CIDR ranges (IPv4 and IPv6). A request whose peer is not one of them is
 * the peer's, whatever X-Forwarded-For says (anyone can write it). A request a trusted proxy
 * passed on is the rightmost address of X-Forwarded-For that is not a trusted proxy: each proxy
 * appends the address it saw, so that is the first one no proxy of ours vouches for. Node's
 * BlockList does the range matching.
 */
export interface TrustedProxies {
  readonly list: BlockList;
  readonly empty: boolean;
}

/** The TRUSTED_PROXIES setting, read once; throws on an entry that is no address or range. */
export function parseTrustedProxies(setting: string | undefined): TrustedProxies {
  const list = new BlockList();
  const entries = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [base = '', bits] = entry.split('/');
    const address = normaliseAddress(base);
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    if (
      family === 0 ||
      (prefix !== undefined &&
        !(Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128)))
    )
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or a CIDR range (e.g. 10.0.0.0/8, ::1)`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return { list, empty: entries.length === 0 };
}

function isTrusted(address: string, proxies: TrustedProxies): boolean {
  const normal = normaliseAddress(address);
  const family = isIP(normal);
  return family !== 0 && proxies.list.check(normal, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address: the peer's, or, when the peer is a trusted proxy, the rightmost
 * X-Forwarded-For address that is not one (the leftmost when all are). Addresses come back
 * normalised (`::ffff:1.2.3.4` is `1.2.3.4`); a header entry that is no address ends the walk
 * at the proxy that wrote it, so garbage cannot pose as a client.
 */
export function clientAddressFrom(
  peer: string | null,
  forwardedFor: string | null,
  proxies: TrustedProxies,
): string | null {
  if (!peer) return null;
  const direct = normaliseAddress(peer);
  if (proxies.empty || !forwardedFor || !isTrusted(direct, proxies)) return direct;
  const hops = forwardedFor
    .split(',')
    .map((hop) => normaliseAddress(hop.trim().replace(/^\[(.*)\](?::\d+)?$/, '$1')));
  let client = direct;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? '';
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!isTrusted(hop, proxies)) return hop;
  }
  return client;
}
