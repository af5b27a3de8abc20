import { describe, expect, it } from 'vitest';
import { gatewayLabel } from '~/lib/server/platform/metrics';
import { mayReadMetrics } from '~/lib/server/platform/metricsAccess';

describe('mayReadMetrics', () => {
  it('lets this machine in without a token, set or not', () => {
    expect(mayReadMetrics(true, null, undefined)).toBe(true);
    expect(mayReadMetrics(true, null, 'secret-token')).toBe(true);
  });

  it('keeps everyone else out when no token is set, whatever they send', () => {
    for (const authorization of [null, '', 'Bearer ', 'Bearer undefined', 'Bearer secret-token'])
      expect(mayReadMetrics(false, authorization, undefined)).toBe(false);
  });

  it('lets a remote bearer of the exact token in, and no near miss', () => {
    expect(mayReadMetrics(false, 'Bearer secret-token', 'secret-token')).toBe(true);
    expect(mayReadMetrics(false, 'bearer   secret-token ', 'secret-token')).toBe(true);
    for (const authorization of [
      null,
      'secret-token',
      'Basic secret-token',
      'Bearer secret-tokenx',
      'Bearer secret-toke',
      'Bearer SECRET-TOKEN',
    ])
      expect(mayReadMetrics(false, authorization, 'secret-token'), String(authorization)).toBe(false);
  });
});

describe('gatewayLabel', () => {
  it('names each payment method by one word, and an unknown one as such', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(gatewayLabel)).toEqual([
      'eft',
      'ozow',
      'paypal',
      'paypal_card',
      'iveri',
      'snapscan',
      'payfast_recurring',
      'paysoft',
      'payfast',
    ]);
    expect(gatewayLabel(99)).toBe('unknown');
  });
});
