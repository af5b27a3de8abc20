import { describe, expect, it } from 'vitest';
import { clientAddressFrom, parseTrustedProxies } from '~/lib/server/http/clientAddress';

// Issue 28, item 4: the client's address behind TRUSTED_PROXIES.

const proxies = parseTrustedProxies('10.0.0.0/8, 192.168.1.5, fd00::/8, ::1');
const none = parseTrustedProxies(undefined);

describe('the client address', () => {
  it('is the peer when the peer is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddressFrom('198.51.100.7', '127.0.0.1', proxies)).toBe('198.51.100.7');
    expect(clientAddressFrom('198.51.100.7', '10.0.0.1, 203.0.113.5', proxies)).toBe('198.51.100.7');
    expect(clientAddressFrom('::ffff:198.51.100.7', '127.0.0.1', proxies)).toBe('198.51.100.7');
  });

  it('is the peer when no proxy is trusted (the default)', () => {
    expect(clientAddressFrom('10.0.0.1', '203.0.113.5', none)).toBe('10.0.0.1');
  });

  it('is the rightmost address a trusted proxy did not add, through a chain of proxies', () => {
    expect(clientAddressFrom('10.0.0.1', '203.0.113.5', proxies)).toBe('203.0.113.5');
    // The client wrote 127.0.0.1 itself; the first proxy (192.168.1.5) appended what it saw.
    expect(clientAddressFrom('10.0.0.1', '127.0.0.1, 203.0.113.5, 192.168.1.5', proxies)).toBe('203.0.113.5');
    expect(clientAddressFrom('::ffff:10.2.3.4', '203.0.113.5 , 10.9.9.9', proxies)).toBe('203.0.113.5');
  });

  it('speaks IPv6: trusted ranges, clients, and bracketed forms', () => {
    expect(clientAddressFrom('::1', '2001:db8::5', proxies)).toBe('2001:db8::5');
    expect(clientAddressFrom('fd00::2', '2001:DB8::5, fd12::1', proxies)).toBe('2001:db8::5');
    expect(clientAddressFrom('fd00::2', '[2001:db8::6]:443', proxies)).toBe('2001:db8::6');
    expect(clientAddressFrom('2001:db8::9', '203.0.113.5', proxies)).toBe('2001:db8::9');
  });

  it('stops at the proxy that wrote something that is no address, and is the peer without a header', () => {
    expect(clientAddressFrom('10.0.0.1', 'unknown', proxies)).toBe('10.0.0.1');
    expect(clientAddressFrom('10.0.0.1', 'evil, 203.0.113.5', proxies)).toBe('203.0.113.5');
    expect(clientAddressFrom('10.0.0.1', null, proxies)).toBe('10.0.0.1');
    expect(clientAddressFrom('10.0.0.1', '10.0.0.2, 10.0.0.3', proxies)).toBe('10.0.0.2');
    expect(clientAddressFrom(null, '203.0.113.5', proxies)).toBeNull();
  });

  it('refuses a TRUSTED_PROXIES entry that is no address or range, naming it', () => {
    for (const bad of ['10.0.0.0/33', 'localhost', '10.0.0.0/x', 'fd00::/129'])
      expect(() => parseTrustedProxies(bad)).toThrow(`TRUSTED_PROXIES: "${bad}"`);
  });
});
