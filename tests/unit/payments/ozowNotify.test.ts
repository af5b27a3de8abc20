import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '~/lib/server/http/errors';
import { OzowCheckUnavailableError, ozowTransactionsByReference } from '~/lib/server/payments/ozow';
import { ozowNotificationHash } from '~/lib/server/payments/ozowHash';
import { processOzowNotification } from '~/lib/server/payments/ozowNotify';
import { env } from '~/lib/server/platform/env';

// Ozow's status check as the notification endpoint makes it, with fetch standing in for Ozow.
const answer = (status: number, body: string) =>
  vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Ozow's status check could not be made", () => {
  const cases: [string, () => unknown][] = [
    [
      'Ozow unreachable',
      () =>
        vi.fn(async () => {
          throw new TypeError('fetch failed');
        }),
    ],
    ['a 503', () => answer(503, '{"message":"down"}')],
    ['a 401 (our key refused)', () => answer(401, '{"message":"denied"}')],
    ['a body that is not JSON', () => answer(200, '<html>Gateway timeout</html>')],
    ['JSON that is not a list', () => answer(200, '{"transactions":[]}')],
    ['a list of something else', () => answer(200, '[{"message":"not a transaction"}]')],
  ];
  it.each(cases)('%s: OzowCheckUnavailableError', async (_name, fetchOf) => {
    vi.stubGlobal('fetch', fetchOf());
    await expect(ozowTransactionsByReference('LTS-REF')).rejects.toBeInstanceOf(OzowCheckUnavailableError);
  });

  it('makes the notification a 503, so Ozow sends it again', async () => {
    vi.stubGlobal('fetch', answer(502, 'Bad gateway'));
    const fields = {
      SiteCode: env.payments.ozow.siteCode,
      TransactionId: 'a3f2c1d0-1111-4222-8333-944455556666',
      TransactionReference: 'LTS-REF',
      Amount: '50.00',
      Status: 'Complete',
      CurrencyCode: 'ZAR',
      IsTest: 'true',
      StatusMessage: 'Paid',
    };
    const form = { ...fields, Hash: ozowNotificationHash(fields, env.payments.ozow.privateKey) };
    const error = await processOzowNotification(form).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
  });

  it('a forged hash is answered (no retry) without asking Ozow', async () => {
    const fetch = answer(503, '');
    vi.stubGlobal('fetch', fetch);
    await expect(
      processOzowNotification({
        SiteCode: env.payments.ozow.siteCode,
        TransactionId: 'x',
        TransactionReference: 'LTS-REF',
        Amount: '50.00',
        Status: 'Complete',
        CurrencyCode: 'ZAR',
        IsTest: 'true',
        Hash: 'f'.repeat(128),
      }),
    ).resolves.toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });
});
