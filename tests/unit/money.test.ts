import { describe, expect, it } from 'vitest';
import { formatMoney, fromCents, toCents } from '~/lib/money';

describe('toCents and fromCents', () => {
  it('converts without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(toCents(0.1 + 0.2))).toBe(0.3);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(-2.5)).toBe(-250);
    expect(fromCents(1999)).toBe(19.99);
  });

  it('handles the largest donation, 1 000 000 000', () => {
    expect(toCents(1_000_000_000)).toBe(100_000_000_000);
    expect(fromCents(100_000_000_000)).toBe(1_000_000_000);
    expect(toCents(999_999_999.99)).toBe(99_999_999_999);
  });

  it('rejects amounts that are not numbers', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('shows the symbol, a space, thousands separated by spaces and 2 decimals', () => {
    expect(formatMoney(1250, 1)).toBe('R 1 250.00');
    expect(formatMoney(1_000_000_000, { symbol: 'R' })).toBe('R 1 000 000 000.00');
    expect(formatMoney(0.3, 2)).toBe('$ 0.30');
    expect(formatMoney(999.995, 1)).toBe('R 1 000.00');
    expect(formatMoney(-45.5, 1)).toBe('-R 45.50');
  });
});
