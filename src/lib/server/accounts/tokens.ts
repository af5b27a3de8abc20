import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { AuthTokens } from '~/lib/contracts/accounts';
import type { CurrentUser } from '~/lib/currentUser';
import { isUuid } from '~/lib/ids';
import { authMessage } from '~/lib/schemas/auth';
import { getDb } from '~/lib/server/db';
import { refreshTokens } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { unauthenticated } from '~/lib/server/http/errors';
import { getJwtKey } from '~/lib/server/platform/secrets';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
/**
 * How long a just-rotated refresh token still answers with its successor pair:
 * two tabs refreshing at the same moment both present the same token, and the
 * slower one must not end the login. Reuse after this window still revokes the family.
 */
export const REFRESH_GRACE_MS = 10_000;

/**
 * The rotated session: who it belongs to, the refresh token that replaces the
 * presented one, and the issue time and id its access token gets, so a repeat
 * within the grace window signs exactly the same pair.
 */
export interface RotatedRefresh {
  userId: string;
  familyId: string;
  refreshToken: string;
  issuedAt: Date;
  accessJti: string;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * A token id derived from the spent refresh token's hash: the successor of a
 * token (and its access token) can be signed again, identical, without storing
 * the successor itself anywhere.
 */
function derivedJti(tokenHash: string, purpose: 'refresh' | 'access'): string {
  const hex = createHash('sha256').update(`${purpose}:${tokenHash}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** SHA-256 of a token, hex: what the database keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The access token: the current user's claims (src/lib/currentUser.ts), 15
 * minutes, and `fam`, the login (refresh-token family) it belongs to, so that
 * ending the login ends the access token too (session.ts checks it).
 */
export function signAccessToken(
  user: CurrentUser,
  familyId: string,
  now: Date = new Date(),
  jti: string = randomUUID(),
): Promise<string> {
  const { id, ...claims } = user;
  return (
    new SignJWT({ ...claims, typ: 'access', fam: familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(id)
      // A unique id, so two tokens issued in the same second are still two tokens.
      .setJti(jti)
      .setIssuedAt(seconds(now))
      .setExpirationTime(seconds(now) + ACCESS_TOKEN_SECONDS)
      .sign(getJwtKey())
  );
}

/** A refresh token of `familyId`, issued at `now`. */
function signRefreshToken(userId: string, familyId: string, now: Date, jti: string): Promise<string> {
  return new SignJWT({ typ: 'refresh', fam: familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setJti(jti)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + REFRESH_TOKEN_SECONDS)
    .sign(getJwtKey());
}

/** Signs a refresh token of `familyId` and stores its hash; the token itself is never stored. */
async function storeRefreshToken(
  db: DbOrTx,
  userId: string,
  familyId: string,
  now: Date,
  jti: string = randomUUID(),
): Promise<string> {
  const exp = seconds(now) + REFRESH_TOKEN_SECONDS;
  const token = await signRefreshToken(userId, familyId, now, jti);
  await db
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(token), expiresAt: new Date(exp * 1000) });
  return token;
}

/** A new session (a new refresh-token family) for a user who just proved who they are. */
export async function issueTokenPair(user: CurrentUser, now: Date = new Date()): Promise<AuthTokens> {
  const db = await getDb();
  // Expired tokens of this user are dead weight; logging in is a natural moment to drop them.
  await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.userId, user.id), lt(refreshTokens.expiresAt, now)));
  const familyId = randomUUID();
  const refreshToken = await storeRefreshToken(db, user.id, familyId, now);
  return { accessToken: await signAccessToken(user, familyId, now), refreshToken };
}

/** The subject of a well-signed, unexpired refresh token, or null. */
async function verifyRefreshJwt(token: string, now: Date): Promise<{ userId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, getJwtKey(), {
      algorithms: ['HS256'],
      currentDate: now,
      // A token without an end would be a session that never ends.
      requiredClaims: ['exp'],
    });
    if (payload.typ !== 'refresh' || typeof payload.sub !== 'string') return null;
    return { userId: payload.sub };
  } catch {
    return null;
  }
}

/**
 * Spends a refresh token and returns its successor in the same family. Any
 * token that is not live answers 401 'Session expired'; one that was already
 * rotated (or revoked) was stolen or replayed, so its whole family is revoked,
 * unless it was rotated less than REFRESH_GRACE_MS ago and its successor is
 * still unused: then it answers that same successor (a second tab refreshing).
 */
export async function rotateRefreshToken(token: string, now: Date = new Date()): Promise<RotatedRefresh> {
  const verified = await verifyRefreshJwt(token, now);
  if (!verified) throw unauthenticated(authMessage('sessionExpired'));
  const db = await getDb();
  const tokenHash = hashToken(token);
  const rotated = await db.transaction(async (tx) => {
    // The conditional update is the lock: of two concurrent refreshes with one token, one wins.
    const [spent] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    if (!spent || spent.userId !== verified.userId) return null;
    const refreshToken = await storeRefreshToken(
      tx,
      spent.userId,
      spent.familyId,
      now,
      derivedJti(tokenHash, 'refresh'),
    );
    return { ...spent, refreshToken, issuedAt: now, accessJti: derivedJti(tokenHash, 'access') };
  });
  if (rotated) return rotated;
  const again = await successorWithinGrace(tokenHash, verified.userId, now);
  if (again) return again;
  await revokeFamilyOf(token, now);
  throw unauthenticated(authMessage('sessionExpired'));
}

/**
 * The successor of a token rotated at most REFRESH_GRACE_MS before `now`, signed
 * again exactly as it was then; null when the token was revoked, rotated longer
 * ago, or its successor has been used or revoked since (then it is a real reuse).
 */
async function successorWithinGrace(
  tokenHash: string,
  userId: string,
  now: Date,
): Promise<RotatedRefresh | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!row?.rotatedAt || row.revokedAt || row.userId !== userId) return null;
  // A concurrent refresh that lost the race took its `now` before the winner's, so its age is
  // negative: that is the two-tab case itself, not a reason to revoke.
  const age = now.getTime() - row.rotatedAt.getTime();
  if (age > REFRESH_GRACE_MS) return null;
  const refreshToken = await signRefreshToken(
    row.userId,
    row.familyId,
    row.rotatedAt,
    derivedJti(tokenHash, 'refresh'),
  );
  const [successor] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(refreshToken)),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    );
  if (!successor) return null;
  return {
    userId: row.userId,
    familyId: row.familyId,
    refreshToken,
    issuedAt: row.rotatedAt,
    accessJti: derivedJti(tokenHash, 'access'),
  };
}

/** Whether the login (refresh-token family) an access token belongs to is still live: not logged out, not revoked. */
export async function isFamilyLive(familyId: string, userId: string): Promise<boolean> {
  // Both are uuid columns: anything else names no login (and must not reach the database).
  if (!isUuid(familyId) || !isUuid(userId)) return false;
  const db = await getDb();
  const [live] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  return live !== undefined;
}

/** Revokes every token of the family the presented token belongs to (logout, reuse). Unknown tokens do nothing. */
export async function revokeFamilyOf(token: string, now: Date = new Date()): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return;
  await revokeFamily(row.familyId, now);
}

/** Ends one login: every token of the family stops working. */
export async function revokeFamily(familyId: string, now: Date = new Date(), db?: DbOrTx): Promise<void> {
  const handle = db ?? (await getDb());
  await handle
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user (password reset or set). */
export async function revokeAllRefreshTokens(
  userId: string,
  db?: DbOrTx,
  now: Date = new Date(),
): Promise<void> {
  const handle = db ?? (await getDb());
  await handle
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
