import { jwtVerify, SignJWT } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { prepareServerTestEnv } from '../support/serverEnv';

const testEnv = prepareServerTestEnv();
const { getDonationTokenKey, signDonationToken, readDonationToken, signSchedulerToken, readSchedulerToken } =
  await import('~/lib/server/donations/tokens');
const { getJwtKey } = await import('~/lib/server/platform/secrets');

afterAll(() => testEnv.cleanup());

const ID = '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b';
const DAY = 24 * 60 * 60 * 1000;

/** A donation-shaped JWT signed with `key`, with the given claims. */
function forge(key: Uint8Array, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

describe('donation tokens', () => {
  it('name the donation they were signed for', () => {
    const created = new Date();
    expect(readDonationToken(signDonationToken(ID, created))).toBe(ID);
    expect(readSchedulerToken(signSchedulerToken(ID, created))).toBe(ID);
  });

  it('are HS256 JWTs of their own key, with their type and a 30-day expiry', async () => {
    const created = new Date('2026-03-01T10:00:00Z');
    const token = signDonationToken(ID, created);
    const { payload, protectedHeader } = await jwtVerify(token, getDonationTokenKey(), {
      currentDate: new Date('2026-03-02T10:00:00Z'),
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: ID, typ: 'donation' });
    expect(payload.exp).toBe(created.getTime() / 1000 + 30 * 24 * 60 * 60);
    await expect(jwtVerify(token, getJwtKey())).rejects.toThrow('signature verification failed');
  });

  it('are the same whenever they are signed, so the return link matches the one the donor was given', () => {
    const created = new Date();
    vi.useFakeTimers();
    try {
      const first = signDonationToken(ID, created);
      vi.advanceTimersByTime(61_000);
      expect(signDonationToken(ID, created)).toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('work for 30 days from their start, then are refused', () => {
    const created = new Date();
    const token = signDonationToken(ID, created);
    expect(readDonationToken(token, new Date(created.getTime() + 29 * DAY))).toBe(ID);
    expect(readDonationToken(token, new Date(created.getTime() + 31 * DAY))).toBeNull();
    expect(readDonationToken(signDonationToken(ID, new Date(Date.now() - 31 * DAY)))).toBeNull();
    const schedule = signSchedulerToken(ID, created);
    expect(readSchedulerToken(schedule, new Date(created.getTime() + 31 * DAY))).toBeNull();
  });

  it('signed with the access-token key are refused, as are tokens without an expiry', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    expect(readDonationToken(await forge(getJwtKey(), { typ: 'donation', sub: ID, exp }))).toBeNull();
    expect(
      readSchedulerToken(await forge(getJwtKey(), { typ: 'donation-scheduler', sub: ID, exp })),
    ).toBeNull();
    // The same claims with the donation key pass, so it is the key (and then the exp) that is refused.
    expect(readDonationToken(await forge(getDonationTokenKey(), { typ: 'donation', sub: ID, exp }))).toBe(ID);
    expect(readDonationToken(await forge(getDonationTokenKey(), { typ: 'donation', sub: ID }))).toBeNull();
  });

  it('do not pass for one another', () => {
    const created = new Date();
    expect(readDonationToken(signSchedulerToken(ID, created))).toBeNull();
    expect(readSchedulerToken(signDonationToken(ID, created))).toBeNull();
  });

  it('refuse anything altered or malformed', () => {
    const token = signDonationToken(ID, new Date());
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({ typ: 'donation', sub: 'someone-else', exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString('base64url');
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
