import { describe, expect, it } from 'vitest';
import { taxYearDays, taxYearLabel, taxYearOfDay } from '~/lib/taxYear';

describe('the South African tax year', () => {
  it('runs from 1 March to the end of February, named by the year it ends in', () => {
    expect(taxYearDays(2027)).toEqual({ first: '2026-03-01', last: '2027-02-28' });
    expect(taxYearDays(2028)).toEqual({ first: '2027-03-01', last: '2028-02-29' });
    expect(taxYearLabel(2024)).toBe('1 March 2023 to 29 February 2024');
  });
  it('puts the last day of February and the first of March in different years', () => {
    expect(taxYearOfDay('2026-02-28')).toBe(2026);
    expect(taxYearOfDay('2026-03-01')).toBe(2027);
    expect(taxYearOfDay('2026-12-31')).toBe(2027);
    expect(taxYearOfDay('2027-01-01')).toBe(2027);
  });
});
