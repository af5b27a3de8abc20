import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '~/lib/currentUser';
import { OrgUserRole } from '~/lib/enums';
import { getDb } from '~/lib/server/db';
import { users } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';

/**
 * The access token's claims for a user, read fresh from the database (never
 * copied from an older token): null when there is no such user.
 */
export async function loadCurrentUser(userId: string, db?: DbOrTx): Promise<CurrentUser | null> {
  const handle = db ?? (await getDb());
  const [row] = await handle
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      msisdn: users.msisdn,
      location: users.location,
      active: users.active,
      emailConfirmed: users.emailConfirmed,
      role: users.role,
      // Written out with table names: Drizzle renders a column inside a select's sql`` without its
      // table, and an unqualified "id" in the subquery would mean organisation_users.id.
      hasOrganization: sql<boolean>`exists (
        select 1 from organisation_users ou
        where ou.user_id = "users"."id"
          and ou.role in (${OrgUserRole.Owner}, ${OrgUserRole.Admin}, ${OrgUserRole.Editor}))`,
      isChampion: sql<boolean>`exists (
        select 1 from organisation_users ou
        where ou.user_id = "users"."id" and ou.role = ${OrgUserRole.Champion})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row
    ? { ...row, hasOrganization: row.hasOrganization === true, isChampion: row.isChampion === true }
    : null;
}
