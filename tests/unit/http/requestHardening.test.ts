import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isCalendarDay, isStorableDate } from '~/lib/dates';
import { nullableDate } from '~/lib/schemas/campaignFields';
import { bodyLimitFor, MAX_BODY_BYTES } from '~/lib/server/http/middleware/bodyLimit';
import {
  MAX_CAMPAIGN_FORM_BYTES,
  MAX_UPDATE_FORM_BYTES,
  MAX_VERIFICATION_FORM_BYTES,
} from '~/lib/server/http/multipart';
import { containsNul } from '~/lib/server/http/nul';
import { reportServerError } from '~/lib/server/platform/errorReporting';
import { captureLogs } from '../support/logCapture';

describe('body limits by route', () => {
  it('allows the upload routes their form size and every other route 64 KB', () => {
    expect(bodyLimitFor('/api/v1/campaigns')).toEqual({
      maxBytes: MAX_CAMPAIGN_FORM_BYTES,
      message: 'The upload is too large. The maximum is 51 MB.',
    });
    expect(bodyLimitFor('/api/v1/campaigns/3f1c/').maxBytes).toBe(MAX_CAMPAIGN_FORM_BYTES);
    expect(bodyLimitFor('/api/v1/campaigns/campaign-updates/').maxBytes).toBe(MAX_UPDATE_FORM_BYTES);
    expect(bodyLimitFor('/api/v1/campaigns/3f1c/verification').maxBytes).toBe(MAX_VERIFICATION_FORM_BYTES);
    expect(bodyLimitFor('/api/v1/users/3f1c/image')).toEqual({
      maxBytes: expect.any(Number),
      message: 'The image is too large. The maximum is 5 MB.',
    });
    for (const path of [
      '/api/v1/authentication/login',
      '/api/v1/campaigns/3f1c/close',
      '/api/v1/payments/payfast/notify',
      '/api/v1/payments/paypal/webhook',
      '/sandbox/payfast/eng/process',
    ])
      expect(bodyLimitFor(path), path).toEqual({
        maxBytes: MAX_BODY_BYTES,
        message: 'The request is too large. The maximum is 64 KB.',
      });
  });
});

describe('NUL characters in parsed input', () => {
  it('finds a NUL in strings, keys, arrays and deep nesting', () => {
    expect(containsNul('a\0b')).toBe(true);
    expect(containsNul({ ok: 'yes', list: [1, { deep: ['x\0'] }] })).toBe(true);
    expect(containsNul({ 'k\0': 1 })).toBe(true);
    let deep: unknown = 'end\0';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(true);
    expect(containsNul({ name: 'Thandeka', amount: 20, tags: ['a', null, true] })).toBe(false);
  });
});

describe('dates the site stores', () => {
  it('knows which days exist', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-04-31')).toBe(false);
  });

  it('keeps dates within years 1900 to 9999', () => {
    expect(isStorableDate(new Date('2026-03-01T00:00:00Z'))).toBe(true);
    expect(isStorableDate(new Date('0001-01-01T00:00:00Z'))).toBe(false);
    expect(isStorableDate(new Date('+275760-09-13T00:00:00Z'))).toBe(false);
    expect(isStorableDate(new Date(Number.NaN))).toBe(false);
  });

  it('the campaign date field refuses impossible and out-of-range dates with its message', () => {
    const schema = nullableDate('Please enter a valid start date.');
    for (const text of ['2026-02-30', '2026-02-30T10:00:00Z', '0001-01-01', '+275760-09-13', 'soon']) {
      const result = v.safeParse(schema, text);
      expect(result.success, text).toBe(false);
      expect(result.issues?.[0]?.message).toBe('Please enter a valid start date.');
    }
    expect(v.parse(schema, '2026-03-01')?.toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(v.parse(schema, '')).toBeNull();
  });
});

describe('the log line of an unexpected error', () => {
  it('names the request, the error class, code and cause, and leaves out the query parameters', async () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const error = new Error(
      'Failed query: insert into "users" ("first_name", "phone") values ($1, $2)\nparams: Thandeka,+27821234567',
      { cause },
    );
    error.name = 'DrizzleQueryError';
    const capture = captureLogs();
    try {
      await reportServerError(error, {
        requestId: 'req-42',
        method: 'POST',
        route: '/api/v1/authentication/register',
      });
    } finally {
      capture.restore();
    }
    const [line] = capture.lines;
    expect(line).toMatchObject({
      level: 50,
      msg: 'Request failed',
      requestId: 'req-42',
      method: 'POST',
      route: '/api/v1/authentication/register',
      err: { type: 'DrizzleQueryError', cause: { type: 'Error', code: '22021' } },
    });
    expect((line?.err as { stack?: string } | undefined)?.stack).toMatch(
      /^DrizzleQueryError: Failed query: insert into/,
    );
    const text = JSON.stringify(capture.lines);
    expect(text).not.toContain('Thandeka');
    expect(text).not.toContain('27821234567');
    expect(text).not.toContain('params');
  });
});
