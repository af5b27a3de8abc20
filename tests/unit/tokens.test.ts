import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '~/lib/currentUser';
import { prepareServerTestEnv } from './support/serverEnv';

const testEnv = prepareServerTestEnv();
const { closeDb } = await import('~/lib/server/db');
const { register } = await import('~/lib/server/accounts/auth');
const { loadCurrentUser } = await import('~/lib/server/accounts/claims');
const { parseAuthorization } = await import('~/lib/server/accounts/session');
const tokens = await import('~/lib/server/accounts/tokens');

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let user: CurrentUser;

beforeAll(async () => {
  const { id } = await register({
    firstName: 'Lerato',
    lastName: 'Khumalo',
    email: 'lerato.tokens@example.test',
    password: 'a-long-unusual-passphrase',
    phone: '+27821234567',
  });
  const loaded = await loadCurrentUser(id);
  if (!loaded) throw new Error('no user');
  user = loaded;
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

/** Expects a 401 'Session expired' HttpError. */
async function expectSessionExpired(promise: Promise<unknown>): Promise<void> {
  await expect(promise).rejects.toMatchObject({ status: 401, message: 'Session expired' });
}

describe('access tokens', () => {
  it('carry the current user as claims and last 15 minutes', async () => {
    const now = new Date();
    const token = await tokens.signAccessToken(user, now);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: user.id,
      typ: 'access',
      firstName: 'Lerato',
      lastName: 'Khumalo',
      email: 'lerato.tokens@example.test',
      msisdn: '+27821234567',
      active: true,
      emailConfirmed: false,
      hasOrganization: false,
      isChampion: false,
      role: 'user',
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);
    expect(await parseAuthorization(`Bearer ${token}`)).toEqual({ user, problem: null });
  });

  it('are refused once expired, and say so', async () => {
    const token = await tokens.signAccessToken(user, new Date(Date.now() - 16 * MINUTE));
    expect(await parseAuthorization(`Bearer ${token}`)).toEqual({ user: null, problem: 'expired' });
  });

  it('a refresh token is no access token', async () => {
    const { refreshToken } = await tokens.issueTokenPair(user);
    expect(await parseAuthorization(`Bearer ${refreshToken}`)).toEqual({ user: null, problem: 'invalid' });
  });
});

describe('refresh tokens', () => {
  it('carry sub, typ, jti, fam and a 30-day exp, and are stored only as a hash', async () => {
    const { refreshToken } = await tokens.issueTokenPair(user);
    const claims = decodeJwt(refreshToken);
    expect(claims).toMatchObject({ sub: user.id, typ: 'refresh' });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.fam).toMatch(/^[0-9a-f-]{36}$/);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(30 * 24 * 60 * 60);
    expect(tokens.hashToken(refreshToken)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rotate: the successor works, in the same family', async () => {
    const first = await tokens.issueTokenPair(user);
    const second = await tokens.rotateRefreshToken(first.refreshToken);
    expect(second.userId).toBe(user.id);
    expect(decodeJwt(second.refreshToken).fam).toBe(decodeJwt(first.refreshToken).fam);
    const third = await tokens.rotateRefreshToken(second.refreshToken);
    expect(third.refreshToken).not.toBe(second.refreshToken);
  });

  it('reuse of a rotated token revokes the whole family, the successor included', async () => {
    const first = await tokens.issueTokenPair(user);
    const second = await tokens.rotateRefreshToken(first.refreshToken);
    await expectSessionExpired(tokens.rotateRefreshToken(first.refreshToken));
    await expectSessionExpired(tokens.rotateRefreshToken(second.refreshToken));
  });

  it('other logins (families) survive a reuse in one of them', async () => {
    const stolen = await tokens.issueTokenPair(user);
    const other = await tokens.issueTokenPair(user);
    await tokens.rotateRefreshToken(stolen.refreshToken);
    await expectSessionExpired(tokens.rotateRefreshToken(stolen.refreshToken));
    await expect(tokens.rotateRefreshToken(other.refreshToken)).resolves.toMatchObject({ userId: user.id });
  });

  it('expire after 30 days', async () => {
    const issuedAt = new Date(Date.now() - 31 * DAY);
    const { refreshToken } = await tokens.issueTokenPair(user, issuedAt);
    await expectSessionExpired(tokens.rotateRefreshToken(refreshToken));
    // A day before its end it still works.
    const { refreshToken: fresh } = await tokens.issueTokenPair(user);
    await expect(tokens.rotateRefreshToken(fresh, new Date(Date.now() + 29 * DAY))).resolves.toBeTruthy();
  });

  it('logout (revokeFamilyOf) ends the session; unknown tokens do nothing', async () => {
    const { refreshToken } = await tokens.issueTokenPair(user);
    await tokens.revokeFamilyOf(refreshToken);
    await expectSessionExpired(tokens.rotateRefreshToken(refreshToken));
    await expect(tokens.revokeFamilyOf('not-a-token')).resolves.toBeUndefined();
  });

  it('refuses garbage, access tokens and tokens signed with another key', async () => {
    await expectSessionExpired(tokens.rotateRefreshToken('garbage'));
    await expectSessionExpired(tokens.rotateRefreshToken(await tokens.signAccessToken(user)));
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT({ typ: 'refresh', fam: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another key that is long enough to sign with'));
    await expectSessionExpired(tokens.rotateRefreshToken(forged));
  });

  it('of two concurrent refreshes with one token, one wins and the reuse ends the family', async () => {
    const { refreshToken } = await tokens.issueTokenPair(user);
    const results = await Promise.allSettled([
      tokens.rotateRefreshToken(refreshToken),
      tokens.rotateRefreshToken(refreshToken),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('revokeAllRefreshTokens ends every login of the user', async () => {
    const a = await tokens.issueTokenPair(user);
    const b = await tokens.issueTokenPair(user);
    await tokens.revokeAllRefreshTokens(user.id);
    await expectSessionExpired(tokens.rotateRefreshToken(a.refreshToken));
    await expectSessionExpired(tokens.rotateRefreshToken(b.refreshToken));
  });
});
