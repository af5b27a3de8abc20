import { and, asc, eq } from 'drizzle-orm';
import { OrgUserRole } from '~/lib/enums';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { organisations, organisationUsers } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { forbidden, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';

export const ORGANISATION_ACCESS_MESSAGES = {
  notFound: 'Organisation not found.',
  forbidden: 'You do not have permission to change this organisation.',
} as const;

export type OrganisationRow = typeof organisations.$inferSelect;

/**
 * What each organisation role may do (docs/api/organisations.md, "Roles"). The
 * server decides from the caller's membership row, never from the request.
 * Banking details decide where the organisation's money goes, so only Owners
 * submit verification; platform admins (the back office) may do everything.
 */
export const ORGANISATION_PERMISSIONS = {
  /** Read the managers' view (`GET /organizations/{id}`). */
  view: [OrgUserRole.Owner, OrgUserRole.Admin, OrgUserRole.Editor],
  /** Change the profile: names, description, logo, certificate, addresses, links, contact. */
  editContent: [OrgUserRole.Owner, OrgUserRole.Admin, OrgUserRole.Editor],
  /** Invite, change and remove team members and champions. */
  manageMembers: [OrgUserRole.Owner, OrgUserRole.Admin],
  /** Submit the questionnaire, documents and banking details. */
  submitVerification: [OrgUserRole.Owner],
  /** See and export the Section 18A receipts issued (donors' ID numbers and addresses). */
  readReceipts: [OrgUserRole.Owner, OrgUserRole.Admin],
  /** See, export and thank the donors of every campaign of the organisation (never their email or phone). */
  readDonations: [OrgUserRole.Owner, OrgUserRole.Admin],
} as const satisfies Record<string, readonly OrgUserRole[]>;

export type OrganisationAction = keyof typeof ORGANISATION_PERMISSIONS;

/** An organisation by id, or null (also for text that is no id at all). */
export async function findOrganisationById(id: string, db?: DbOrTx): Promise<OrganisationRow | null> {
  const uuid = uuidOrNull(id);
  if (!uuid) return null;
  const conn = db ?? (await getDb());
  const [row] = await conn.select().from(organisations).where(eq(organisations.id, uuid)).limit(1);
  return row ?? null;
}

/** The user's role in the organisation (the strongest when several), or null for outsiders. */
export async function roleInOrganisation(
  userId: string,
  organisationId: string,
  db?: DbOrTx,
): Promise<OrgUserRole | null> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ role: organisationUsers.role })
    .from(organisationUsers)
    .where(and(eq(organisationUsers.organisationId, organisationId), eq(organisationUsers.userId, userId)))
    .orderBy(asc(organisationUsers.role))
    .limit(1);
  return row ? (row.role as OrgUserRole) : null;
}

/** Whether `role` (null: no membership) may do `action`; platform admins may do everything. */
export function mayDo(user: SessionUser, role: OrgUserRole | null, action: OrganisationAction): boolean {
  if (user.role === 'admin') return true;
  return role !== null && (ORGANISATION_PERMISSIONS[action] as readonly number[]).includes(role);
}

/**
 * The organisation `user` is about to act on: 404 'Organisation not found.',
 * then 403 'You do not have permission to change this organisation.' unless
 * their role allows `action`. Answers the row and the caller's role (null for
 * a platform admin who is no member).
 */
export async function findOrganisationFor(
  user: SessionUser,
  id: string,
  action: OrganisationAction,
  db?: DbOrTx,
): Promise<{ organisation: OrganisationRow; role: OrgUserRole | null }> {
  const organisation = await findOrganisationById(id, db);
  if (!organisation) throw notFound(ORGANISATION_ACCESS_MESSAGES.notFound);
  const role = await roleInOrganisation(user.id, organisation.id, db);
  if (!mayDo(user, role, action)) throw forbidden(ORGANISATION_ACCESS_MESSAGES.forbidden);
  return { organisation, role };
}
