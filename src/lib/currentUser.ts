/**
 * SPEC §3's current user, carried as the access token's claims (DESIGN §5).
 * The server reads them after verifying the signature; the browser decodes
 * them to show who is signed in. One reading for both sides.
 */
export interface CurrentUser {
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

/** Only a platform admin sees the back office; everyone else gets the 404 page (the server refuses them anyway). */
export const isAdmin = (user: CurrentUser | null): boolean => user?.role === 'admin';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optionalText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The user named by a token's claims (`sub` is the id), or null when there is no subject. */
export function currentUserFromClaims(claims: Record<string, unknown>): CurrentUser | null {
  const id = text(claims.sub);
  if (!id) return null;
  return {
    id,
    firstName: text(claims.firstName),
    lastName: text(claims.lastName),
    email: text(claims.email),
    msisdn: optionalText(claims.msisdn),
    location: optionalText(claims.location),
    active: claims.active === true,
    emailConfirmed: claims.emailConfirmed === true,
    hasOrganization: claims.hasOrganization === true,
    isChampion: claims.isChampion === true,
    role: claims.role === 'admin' ? 'admin' : 'user',
  };
}
