import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type OzowNotificationFields,
  type OzowRequestFields,
  ozowNotificationHash,
  ozowRequestHash,
  verifyOzowNotification,
} from '~/lib/server/payments/ozowHash';

// No published worked example (fields → hash) could be retrieved from Ozow's own docs, so the
// expected values are SHA-512 of strings written out by hand in Ozow's documented field order,
// private key appended, lower-cased.
const sha512 = (text: string): string => createHash('sha512').update(text, 'utf8').digest('hex');
const KEY = 'PrivKey-ABC123';

const request: OzowRequestFields = {
  SiteCode: 'TSTSTE0001',
  CountryCode: 'ZA',
  CurrencyCode: 'ZAR',
  Amount: '25.00',
  TransactionReference: 'Don-42',
  BankReference: 'Letsema 42',
  Optional1: 'campaign-7',
  CancelUrl: 'https://letsema.example/cancel',
  ErrorUrl: 'https://letsema.example/error',
  SuccessUrl: 'https://letsema.example/success',
  NotifyUrl: 'https://letsema.example/notify',
  IsTest: true,
};

describe('ozowRequestHash', () => {
  it('matches an independently written concatenation', () => {
    const expected = sha512(
      'tstste0001zazar25.00don-42letsema 42campaign-7' +
        'https://letsema.example/cancelhttps://letsema.example/errorhttps://letsema.example/success' +
        'https://letsema.example/notifytrueprivkey-abc123',
    );
    expect(ozowRequestHash(request, KEY)).toBe(expected);
  });

  it('writes IsTest as true/false', () => {
    const live = ozowRequestHash({ ...request, IsTest: false }, KEY);
    expect(live).toBe(ozowRequestHash({ ...request, IsTest: 'false' }, KEY));
    expect(live).not.toBe(ozowRequestHash(request, KEY));
    expect(ozowRequestHash(request, KEY)).toBe(ozowRequestHash({ ...request, IsTest: 'true' }, KEY));
  });

  it('is case-insensitive in values and key (everything is lower-cased)', () => {
    const upper: OzowRequestFields = {
      ...request,
      TransactionReference: 'DON-42',
      BankReference: 'LETSEMA 42',
      IsTest: 'TRUE',
    };
    expect(ozowRequestHash(upper, KEY.toUpperCase())).toBe(ozowRequestHash(request, KEY.toLowerCase()));
    expect(ozowRequestHash(request, KEY)).toMatch(/^[0-9a-f]{128}$/);
  });

  it('changes when the amount changes', () => {
    expect(ozowRequestHash({ ...request, Amount: '2500.00' }, KEY)).not.toBe(ozowRequestHash(request, KEY));
  });
});

describe('ozowNotificationHash / verifyOzowNotification', () => {
  const notification: OzowNotificationFields = {
    SiteCode: 'TSTSTE0001',
    TransactionId: '3c8a7f1e-5b2d-4e0a-9f6c-1d2e3f4a5b6c',
    TransactionReference: 'Don-42',
    Amount: '25.00',
    Status: 'Complete',
    Optional1: 'campaign-7',
    CurrencyCode: 'ZAR',
    IsTest: 'true',
    StatusMessage: 'Test transaction completed',
  };
  const expected = sha512(
    'tstste00013c8a7f1e-5b2d-4e0a-9f6c-1d2e3f4a5b6cdon-4225.00completecampaign-7' +
      'zartruetest transaction completedprivkey-abc123',
  );

  it('matches an independently written concatenation', () => {
    expect(ozowNotificationHash(notification, KEY)).toBe(expected);
  });

  it('verifies the Hash Ozow sends, in either case', () => {
    expect(verifyOzowNotification({ ...notification, Hash: expected }, KEY)).toBe(true);
    expect(verifyOzowNotification({ ...notification, Hash: expected.toUpperCase() }, KEY)).toBe(true);
    expect(verifyOzowNotification({ ...notification, IsTest: true, Hash: expected }, KEY)).toBe(true);
  });

  it('rejects a changed amount, a wrong key, a missing or malformed Hash', () => {
    expect(verifyOzowNotification({ ...notification, Amount: '2500.00', Hash: expected }, KEY)).toBe(false);
    expect(verifyOzowNotification({ ...notification, Hash: expected }, 'other-key')).toBe(false);
    expect(verifyOzowNotification(notification, KEY)).toBe(false);
    expect(verifyOzowNotification({ ...notification, Hash: 'abc' }, KEY)).toBe(false);
  });
});
