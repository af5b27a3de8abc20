import { describe, expect, it } from 'vitest';
import { formatMoney, fromCents, percentOfCents, toCents } from '~/lib/money';

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

describe('percentOfCents', () => {
  it('takes a percentage of cents to the nearest cent', () => {
    expect(percentOfCents(25_000, 12)).toBe(3_000);
    expect(percentOfCents(9_999, 12.5)).toBe(1_250);
    expect(percentOfCents(1_234, 2.5)).toBe(31);
    expect(percentOfCents(1_234, 0)).toBe(0);
    expect(percentOfCents(0, 30)).toBe(0);
  });

  it('rounds halves up, never to even (what the server accepts as the admin fee)', () => {
    expect(percentOfCents(50, 5)).toBe(3);
    expect(percentOfCents(30, 5)).toBe(2);
    expect(percentOfCents(10, 5)).toBe(1);
    expect(percentOfCents(4, 12.5)).toBe(1);
    expect(percentOfCents(1_500, 3.5)).toBe(53);
  });

  it('caps the largest donation exactly', () => {
    expect(percentOfCents(100_000_000_000, 30)).toBe(30_000_000_000);
  });
});
