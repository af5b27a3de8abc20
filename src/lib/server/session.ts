import type { APIContext } from 'astro';
import { errors, jwtVerify } from 'jose';
import { unauthenticated } from './http';
import { getJwtKey } from './secrets';

/** The access token's claims: SPEC §3's current user plus the platform role (DESIGN §5). */
export interface SessionUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  msisdn: string | null;
  location: string | null;
  active: boolean;
  emailConfirmed: boolean;
  hasOrganization: boolean;
  isChampion: boolean;
  role: 'user' | 'admin';
}

export type AuthProblem = 'expired' | 'invalid';

export type ParsedAuth = { user: SessionUser; problem: null } | { user: null; problem: AuthProblem | null };

/** Reads `Authorization: Bearer …`; no header is not a problem, a bad or expired token is. */
export async function parseAuthorization(header: string | null): Promise<ParsedAuth> {
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return { user: null, problem: null };
  try {
    const { payload } = await jwtVerify(token, getJwtKey(), { algorithms: ['HS256'] });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string')
      return { user: null, problem: 'invalid' };
    return { user: claimsToUser(payload), problem: null };
  } catch (error) {
    return { user: null, problem: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

function claimsToUser(p: Record<string, unknown>): SessionUser {
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  const optStr = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
  return {
    id: str(p.sub),
    firstName: str(p.firstName),
    lastName: str(p.lastName),
    email: str(p.email),
    msisdn: optStr(p.msisdn),
    location: optStr(p.location),
    active: p.active === true,
    emailConfirmed: p.emailConfirmed === true,
    hasOrganization: p.hasOrganization === true,
    isChampion: p.isChampion === true,
    role: p.role === 'admin' ? 'admin' : 'user',
  };
}

/** The signed-in user, or a 401 envelope (expired tokens say so, so the browser refreshes). */
export function requireUser(ctx: Pick<APIContext, 'locals'>): SessionUser {
  const { user, authProblem } = ctx.locals;
  if (user) return user;
  throw unauthenticated(
    authProblem === 'expired' ? 'Your session has expired.' : 'Please log in to continue.',
  );
}
