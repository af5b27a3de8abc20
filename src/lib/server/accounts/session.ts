import type { APIContext } from 'astro';
import { errors, jwtVerify } from 'jose';
import { type CurrentUser, currentUserFromClaims } from '~/lib/currentUser';
import { unauthenticated } from '~/lib/server/http/errors';
import { getJwtKey } from '~/lib/server/platform/secrets';

/** Who is asking: the verified access token's claims. */
export type SessionUser = CurrentUser;

export type AuthProblem = 'expired' | 'invalid';

export type ParsedAuth = { user: SessionUser; problem: null } | { user: null; problem: AuthProblem | null };

/** Reads `Authorization: Bearer …`; no header is not a problem, a bad or expired token is. */
export async function parseAuthorization(header: string | null): Promise<ParsedAuth> {
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return { user: null, problem: null };
  try {
    const { payload } = await jwtVerify(token, getJwtKey(), { algorithms: ['HS256'] });
    const user = payload.typ === 'access' ? currentUserFromClaims(payload) : null;
    return user ? { user, problem: null } : { user: null, problem: 'invalid' };
  } catch (error) {
    return { user: null, problem: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** The signed-in user, or a 401 envelope (expired tokens say so, so the browser refreshes). */
export function requireUser(ctx: Pick<APIContext, 'locals'>): SessionUser {
  const { user, authProblem } = ctx.locals;
  if (user) return user;
  throw unauthenticated(
    authProblem === 'expired' ? 'Your session has expired.' : 'Please log in to continue.',
  );
}
