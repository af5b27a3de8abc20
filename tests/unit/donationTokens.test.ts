import { jwtVerify } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { prepareServerTestEnv } from './support/serverEnv';

const testEnv = prepareServerTestEnv();
const { signDonationToken, readDonationToken, signSchedulerToken, readSchedulerToken } = await import(
  '~/lib/server/donations/tokens'
);
const { getJwtKey } = await import('~/lib/server/platform/secrets');

afterAll(() => testEnv.cleanup());

const ID = '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b';

describe('donation tokens', () => {
  it('name the donation they were signed for', () => {
    expect(readDonationToken(signDonationToken(ID))).toBe(ID);
    expect(readSchedulerToken(signSchedulerToken(ID))).toBe(ID);
  });

  it('are ordinary HS256 JWTs of the server key, with their type and no expiry', async () => {
    const { payload, protectedHeader } = await jwtVerify(signDonationToken(ID), getJwtKey());
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: ID, typ: 'donation' });
    expect(payload.exp).toBeUndefined();
  });

  it('are the same whenever they are signed, so the return link matches the one the donor was given', () => {
    vi.useFakeTimers();
    try {
      const first = signDonationToken(ID);
      vi.advanceTimersByTime(61_000);
      expect(signDonationToken(ID)).toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('do not pass for one another', () => {
    expect(readDonationToken(signSchedulerToken(ID))).toBeNull();
    expect(readSchedulerToken(signDonationToken(ID))).toBeNull();
  });

  it('refuse anything altered or malformed', () => {
    const token = signDonationToken(ID);
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ typ: 'donation', sub: 'someone-else' })).toString(
      'base64url',
    );
    for (const bad of [
      `${header}.${otherPayload}.${signature}`,
      `${token.slice(0, -2)}xx`,
      token.split('.').slice(0, 2).join('.'),
      '',
      'a.b.c',
      ID,
      null,
      42,
    ])
      expect(readDonationToken(bad)).toBeNull();
  });
});
