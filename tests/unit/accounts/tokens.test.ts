import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '~/lib/currentUser';
import { prepareServerTestEnv } from '../support/serverEnv';

const testEnv = prepareServerTestEnv();
const { closeDb } = await import('~/lib/server/db');
const { logout, refreshSession, register } = await import('~/lib/server/accounts/auth');
const { loadCurrentUser } = await import('~/lib/server/accounts/claims');
const { parseAuthorization } = await import('~/lib/server/accounts/session');
const tokens = await import('~/lib/server/accounts/tokens');
const { getJwtKey } = await import('~/lib/server/platform/secrets');

const SECOND = 1000;
const MINUTE = 60 * SECOND;
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
    const { accessToken: token, refreshToken } = await tokens.issueTokenPair(user);
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
      fam: decodeJwt(refreshToken).fam,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);
    expect(await parseAuthorization(`Bearer ${token}`)).toEqual({ user, problem: null });
  });

  it('are refused once expired, and say so', async () => {
    const { accessToken: token } = await tokens.issueTokenPair(user, new Date(Date.now() - 16 * MINUTE));
    expect(await parseAuthorization(`Bearer ${token}`)).toEqual({ user: null, problem: 'expired' });
  });

  it('a refresh token is no access token', async () => {
    const { refreshToken } = await tokens.issueTokenPair(user);
    expect(await parseAuthorization(`Bearer ${refreshToken}`)).toEqual({ user: null, problem: 'invalid' });
  });

  it('without an exp are refused, access and refresh alike', async () => {
    const key = getJwtKey();
    const { refreshToken } = await tokens.issueTokenPair(user);
    const { id, ...claims } = user;
    const endless = await new SignJWT({ ...claims, typ: 'access', fam: decodeJwt(refreshToken).fam })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .sign(key);
    expect(await parseAuthorization(`Bearer ${endless}`)).toEqual({ user: null, problem: 'invalid' });
    const endlessRefresh = await new SignJWT({ typ: 'refresh', fam: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setJti(randomUUID())
      .sign(key);
    await expectSessionExpired(tokens.rotateRefreshToken(endlessRefresh));
  });

  it('stop working at once when their login ends (logout, every session ended)', async () => {
    const first = await tokens.issueTokenPair(user);
    const other = await tokens.issueTokenPair(user);
    await logout(first.refreshToken);
    expect(await parseAuthorization(`Bearer ${first.accessToken}`)).toEqual({
      user: null,
      problem: 'expired',
    });
    // Another login of the same user is untouched by that logout.
    expect(await parseAuthorization(`Bearer ${other.accessToken}`)).toEqual({ user, problem: null });
    await tokens.revokeAllRefreshTokens(user.id);
    expect(await parseAuthorization(`Bearer ${other.accessToken}`)).toEqual({
      user: null,
      problem: 'expired',
    });
  });

  it('of a login that was refreshed keep working until they expire', async () => {
    const first = await tokens.issueTokenPair(user);
    await refreshSession(first.refreshToken);
    expect(await parseAuthorization(`Bearer ${first.accessToken}`)).toEqual({ user, problem: null });
  });

  it('naming no login are refused', async () => {
    const token = await tokens.signAccessToken(user, randomUUID());
    expect(await parseAuthorization(`Bearer ${token}`)).toEqual({ user: null, problem: 'expired' });
    const garbled = await tokens.signAccessToken(user, 'not-a-family');
    expect(await parseAuthorization(`Bearer ${garbled}`)).toEqual({ user: null, problem: 'expired' });
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

  it('reuse of a rotated token after the grace window revokes the whole family, the successor included', async () => {
    const first = await tokens.issueTokenPair(user);
    const now = new Date();
    const second = await tokens.rotateRefreshToken(first.refreshToken, now);
    await expectSessionExpired(
      tokens.rotateRefreshToken(first.refreshToken, new Date(now.getTime() + 11 * SECOND)),
    );
    await expectSessionExpired(tokens.rotateRefreshToken(second.refreshToken));
  });

  it('other logins (families) survive a reuse in one of them', async () => {
    const stolen = await tokens.issueTokenPair(user);
    const other = await tokens.issueTokenPair(user);
    const now = new Date();
    await tokens.rotateRefreshToken(stolen.refreshToken, now);
    await expectSessionExpired(
      tokens.rotateRefreshToken(stolen.refreshToken, new Date(now.getTime() + 11 * SECOND)),
    );
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
    await expectSessionExpired(tokens.rotateRefreshToken(await tokens.signAccessToken(user, randomUUID())));
    const forged = await new SignJWT({ typ: 'refresh', fam: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another key that is long enough to sign with'));
    await expectSessionExpired(tokens.rotateRefreshToken(forged));
  });

  it('two tabs refreshing with one token at the same moment both get the same new pair, which works', async () => {
    const { refreshToken } = await tokens.issueTokenPair(user);
    const [a, b] = await Promise.all([refreshSession(refreshToken), refreshSession(refreshToken)]);
    expect(b).toEqual(a);
    expect(await parseAuthorization(`Bearer ${a.accessToken}`)).toEqual({ user, problem: null });
    await expect(refreshSession(a.refreshToken)).resolves.toBeTruthy();
  });

  it('a repeat within the grace window answers the same pair; after the window the reuse ends the login', async () => {
    const { refreshToken } = await tokens.issueTokenPair(user);
    const now = new Date();
    const first = await tokens.rotateRefreshToken(refreshToken, now);
    const repeat = await tokens.rotateRefreshToken(refreshToken, new Date(now.getTime() + 9 * SECOND));
    expect(repeat).toEqual(first);
    await expectSessionExpired(
      tokens.rotateRefreshToken(refreshToken, new Date(now.getTime() + 11 * SECOND)),
    );
    await expectSessionExpired(tokens.rotateRefreshToken(first.refreshToken));
  });

  it("the refresh that lost the race, though it started first, gets the winner's pair", async () => {
    // On PostgreSQL the loser's clock reading can precede the winner's rotation by a few milliseconds.
    const { refreshToken } = await tokens.issueTokenPair(user);
    const now = new Date();
    const winner = await tokens.rotateRefreshToken(refreshToken, now);
    const loser = await tokens.rotateRefreshToken(refreshToken, new Date(now.getTime() - 40));
    expect(loser).toEqual(winner);
    await expect(tokens.rotateRefreshToken(winner.refreshToken)).resolves.toMatchObject({ userId: user.id });
  });

  it('no grace once the successor has been used: that repeat is a reuse', async () => {
    const { refreshToken } = await tokens.issueTokenPair(user);
    const second = await tokens.rotateRefreshToken(refreshToken);
    const third = await tokens.rotateRefreshToken(second.refreshToken);
    await expectSessionExpired(tokens.rotateRefreshToken(refreshToken));
    await expectSessionExpired(tokens.rotateRefreshToken(third.refreshToken));
  });

  it('no grace after logout', async () => {
    const { refreshToken } = await tokens.issueTokenPair(user);
    await tokens.rotateRefreshToken(refreshToken);
    await logout(refreshToken);
    await expectSessionExpired(tokens.rotateRefreshToken(refreshToken));
  });

  it('revokeAllRefreshTokens ends every login of the user', async () => {
    const a = await tokens.issueTokenPair(user);
    const b = await tokens.issueTokenPair(user);
    await tokens.revokeAllRefreshTokens(user.id);
    await expectSessionExpired(tokens.rotateRefreshToken(a.refreshToken));
    await expectSessionExpired(tokens.rotateRefreshToken(b.refreshToken));
  });
});
