import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { errors, jwtVerify } from 'jose';
import { type CurrentUser, currentUserFromClaims } from '~/lib/currentUser';
import { getDb } from '~/lib/server/db';
import { users } from '~/lib/server/db/schema';
import { forbidden, unauthenticated } from '~/lib/server/http/errors';
import { getJwtKey } from '~/lib/server/platform/secrets';
import { isFamilyLive } from './tokens';

/** Who is asking: the verified access token's claims. */
export type SessionUser = CurrentUser;

export type AuthProblem = 'expired' | 'invalid';

export type ParsedAuth = { user: SessionUser; problem: null } | { user: null; problem: AuthProblem | null };

/**
 * Reads `Authorization: Bearer …`; no header is not a problem, a bad or expired
 * token is. Every call with a bearer token also checks that the token's login
 * (its refresh-token family, claim `fam`) is still live, so logout, a password
 * reset and a detected refresh-token reuse end the access token at once instead
 * of 15 minutes later (docs/api/accounts.md "Tokens"). Such a token counts as
 * expired: the browser tries to refresh, is told 'Session expired', and logs out.
 */
export async function parseAuthorization(header: string | null): Promise<ParsedAuth> {
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return { user: null, problem: null };
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, getJwtKey(), { algorithms: ['HS256'], requiredClaims: ['exp'] }));
  } catch (error) {
    return { user: null, problem: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
  const user = payload.typ === 'access' ? currentUserFromClaims(payload) : null;
  if (!user || typeof payload.fam !== 'string') return { user: null, problem: 'invalid' };
  if (!(await isFamilyLive(payload.fam, user.id))) return { user: null, problem: 'expired' };
  return { user, problem: null };
}

/** The signed-in user, or a 401 envelope (expired tokens say so, so the browser refreshes). */
export function requireUser(ctx: Pick<APIContext, 'locals'>): SessionUser {
  const { user, authProblem } = ctx.locals;
  if (user) return user;
  throw unauthenticated(
    authProblem === 'expired' ? 'Your session has expired.' : 'Please log in to continue.',
  );
}

export const ADMIN_ONLY_MESSAGE = 'This page is for Letsema staff only.';

/**
 * A platform admin, or 401 (visitor) / 403 (anyone else). The token's role is
 * checked against the database, so an admin who was demoted or deactivated
 * loses the back office at once rather than when the access token expires.
 */
export async function requireAdmin(ctx: Pick<APIContext, 'locals'>): Promise<SessionUser> {
  const user = requireUser(ctx);
  if (user.role !== 'admin') throw forbidden(ADMIN_ONLY_MESSAGE);
  const db = await getDb();
  const [row] = await db
    .select({ role: users.role, active: users.active })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (row?.role !== 'admin' || !row.active) throw forbidden(ADMIN_ONLY_MESSAGE);
  return user;
}
