import { describe, expect, it } from 'vitest';
import {
  formatSastDateTime,
  southAfricanDate,
  southAfricanEndOfDay,
  southAfricanStartOfDay,
} from '~/lib/dates';
import { todayInSouthAfrica } from '~/lib/server/donations/recurringDates';

describe('southAfricanDate', () => {
  it('is the calendar date in Johannesburg, two hours ahead of UTC', () => {
    expect(southAfricanDate('2026-03-05T08:00:00Z')).toBe('2026-03-05');
    expect(southAfricanDate('2026-03-05T21:59:59.999Z')).toBe('2026-03-05');
    expect(southAfricanDate('2026-03-05T22:00:00Z')).toBe('2026-03-06');
    expect(southAfricanDate(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });

  it('is empty for a missing or unreadable moment', () => {
    expect(southAfricanDate(undefined)).toBe('');
    expect(southAfricanDate('')).toBe('');
    expect(southAfricanDate('31/12/2026')).toBe('');
  });

  it('is what the recurring schedule calls today', () => {
    expect(todayInSouthAfrica(new Date('2026-02-28T22:00:00Z'))).toBe('2026-03-01');
  });
});

describe('southAfricanStartOfDay and southAfricanEndOfDay', () => {
  it('bound a South African day in UTC', () => {
    expect(southAfricanStartOfDay('2026-03-01').toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(southAfricanEndOfDay('2026-03-01').toISOString()).toBe('2026-03-01T21:59:59.999Z');
  });

  it('round-trip through southAfricanDate', () => {
    expect(southAfricanDate(southAfricanStartOfDay('2027-01-01'))).toBe('2027-01-01');
    expect(southAfricanDate(southAfricanEndOfDay('2026-12-31'))).toBe('2026-12-31');
  });

  it('give an invalid Date for text that is not a day', () => {
    expect(Number.isNaN(southAfricanStartOfDay('someday').getTime())).toBe(true);
  });
});

describe('formatSastDateTime', () => {
  const moment = new Date('2026-03-05T12:05:09Z');

  it('writes a long date and short time in South African time by default (donation receipts)', () => {
    expect(formatSastDateTime(moment)).toBe('05 March 2026 at 14:05');
  });

  it('takes other styles and ISO text (the developer outbox)', () => {
    expect(formatSastDateTime('2026-03-05T12:05:09Z', { dateStyle: 'medium', timeStyle: 'medium' })).toBe(
      '05 Mar 2026, 14:05:09',
    );
    expect(formatSastDateTime(moment, { dateStyle: 'full', timeStyle: 'long' })).toBe(
      'Thursday, 05 March 2026 at 14:05:09 SAST',
    );
  });

  it('crosses midnight by South African time', () => {
    expect(formatSastDateTime(new Date('2026-12-31T22:30:00Z'))).toBe('01 January 2027 at 00:30');
  });
});

describe('formatSouthAfricanDay', () => {
  it('writes a calendar day in words, the same day in every zone', async () => {
    const { formatSouthAfricanDay } = await import('~/lib/dates');
    expect(formatSouthAfricanDay('2027-01-25')).toBe('25 January 2027');
    expect(formatSouthAfricanDay('2026-12-01')).toBe('01 December 2026');
    expect(formatSouthAfricanDay(null)).toBe('');
    expect(formatSouthAfricanDay('not a day')).toBe('');
  });
});
