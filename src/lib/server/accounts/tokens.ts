import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { AuthTokens } from '~/lib/contracts/accounts';
import type { CurrentUser } from '~/lib/currentUser';
import { AUTH_MESSAGES } from '~/lib/schemas/auth';
import { getDb } from '~/lib/server/db';
import { refreshTokens } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { unauthenticated } from '~/lib/server/http/errors';
import { getJwtKey } from '~/lib/server/platform/secrets';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

/** The rotated session: who it belongs to and the refresh token that replaces the presented one. */
export interface RotatedRefresh {
  userId: string;
  familyId: string;
  refreshToken: string;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** SHA-256 of a token, hex: what the database keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The access token: the current user's claims (src/lib/currentUser.ts), 15 minutes. */
export function signAccessToken(user: CurrentUser, now: Date = new Date()): Promise<string> {
  const { id, ...claims } = user;
  return (
    new SignJWT({ ...claims, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(id)
      // A unique id, so two tokens issued in the same second are still two tokens.
      .setJti(randomUUID())
      .setIssuedAt(seconds(now))
      .setExpirationTime(seconds(now) + ACCESS_TOKEN_SECONDS)
      .sign(getJwtKey())
  );
}

/** Signs a refresh token of `familyId` and stores its hash; the token itself is never stored. */
async function storeRefreshToken(db: DbOrTx, userId: string, familyId: string, now: Date): Promise<string> {
  const exp = seconds(now) + REFRESH_TOKEN_SECONDS;
  const token = await new SignJWT({ typ: 'refresh', fam: familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt(seconds(now))
    .setExpirationTime(exp)
    .sign(getJwtKey());
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
  const refreshToken = await storeRefreshToken(db, user.id, randomUUID(), now);
  return { accessToken: await signAccessToken(user, now), refreshToken };
}

/** The subject of a well-signed, unexpired refresh token, or null. */
async function verifyRefreshJwt(token: string, now: Date): Promise<{ userId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, getJwtKey(), { algorithms: ['HS256'], currentDate: now });
    if (payload.typ !== 'refresh' || typeof payload.sub !== 'string') return null;
    return { userId: payload.sub };
  } catch {
    return null;
  }
}

/**
 * Spends a refresh token and returns its successor in the same family. Any
 * token that is not live answers 401 'Session expired'; one that was already
 * rotated (or revoked) was stolen or replayed, so its whole family is revoked.
 */
export async function rotateRefreshToken(token: string, now: Date = new Date()): Promise<RotatedRefresh> {
  const verified = await verifyRefreshJwt(token, now);
  if (!verified) throw unauthenticated(AUTH_MESSAGES.sessionExpired);
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
    const refreshToken = await storeRefreshToken(tx, spent.userId, spent.familyId, now);
    return { ...spent, refreshToken };
  });
  if (rotated) return rotated;
  await revokeFamilyOf(token, now);
  throw unauthenticated(AUTH_MESSAGES.sessionExpired);
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
