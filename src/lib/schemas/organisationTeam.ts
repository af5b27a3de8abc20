import * as v from 'valibot';
import { OrgUserRole } from '~/lib/enums';
import { integerIn, oneMessagePerField, uuidField } from './campaignFields';
import { isRemoval, removeTeamMemberEntries, teamMemberEntries } from './campaignTeam';

/**
 * `PATCH /team-members` with `organizationId` (docs/api/organisations.md): an
 * organisation's team members and champions. The campaign side is
 * `campaignTeam.ts`; `teamScopeSchema` tells the two apart.
 */

export const ORGANISATION_TEAM_MESSAGES = {
  organisation: 'Please choose an organisation.',
  role: 'Please choose a role: Owner, Admin, Editor or Champion.',
  alreadyMember: 'That person is already on this organisation’s team.',
  ownersOnly: 'Only an Owner can invite, promote, change or remove an Owner.',
  lastOwner: 'The organisation must keep at least one Owner. Make someone else an Owner first.',
  neither: 'Please choose a campaign or an organisation.',
  both: 'Please choose a campaign or an organisation, not both.',
  championMainContact: 'A champion cannot be the main contact person: choose a team member.',
  acceptedChampion: (name: string) => `Invitation accepted. You are now a champion of ${name}.`,
  acceptedMember: (name: string) => `Invitation accepted. You are now a member of ${name}.`,
} as const;

/** The organisation roles as people read them (SPEC §3: Owner 0, Admin 1, Editor 2, Champion 3). */
export const ORGANISATION_ROLE_LABELS: Record<OrgUserRole, string> = {
  [OrgUserRole.Owner]: 'Owner',
  [OrgUserRole.Admin]: 'Admin',
  [OrgUserRole.Editor]: 'Editor',
  [OrgUserRole.Champion]: 'Champion',
};

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** Which team a `PATCH /team-members` body is about: exactly one of `campaignId` and `organizationId`. */
export const teamScopeSchema = oneMessagePerField(
  v.pipe(
    v.object({ campaignId: v.optional(v.unknown()), organizationId: v.optional(v.unknown()) }),
    v.check((b) => present(b.campaignId) || present(b.organizationId), ORGANISATION_TEAM_MESSAGES.neither),
    v.check((b) => !(present(b.campaignId) && present(b.organizationId)), ORGANISATION_TEAM_MESSAGES.both),
    v.transform((b) => (present(b.organizationId) ? ('organisation' as const) : ('campaign' as const))),
  ),
);

const organisationRole = v.pipe(
  integerIn(ORGANISATION_TEAM_MESSAGES.role, OrgUserRole.Owner, OrgUserRole.Champion),
  v.transform((role) => role as OrgUserRole),
);

/** Whether a role holds a position and may be the main contact: every role but a champion's. */
export const roleHasPosition = (role: number): boolean => role !== OrgUserRole.Champion;

/**
 * Adds a member or champion (no `id`: an invitation is mailed) or changes one (`id`). A champion
 * raises funds with campaigns of their own and is not on the staff: a position sent for one is
 * dropped, and making one the main contact is refused.
 */
export const organisationTeamMemberSchema = oneMessagePerField(
  v.pipe(
    v.object(
      teamMemberEntries(
        { organizationId: uuidField(ORGANISATION_TEAM_MESSAGES.organisation) },
        organisationRole,
      ),
    ),
    v.forward(
      v.check(
        (member) => roleHasPosition(member.userRole) || !member.mainContactPerson,
        ORGANISATION_TEAM_MESSAGES.championMainContact,
      ),
      ['mainContactPerson'],
    ),
    v.transform((member) =>
      roleHasPosition(member.userRole) ? member : { ...member, organizationPositionId: null },
    ),
  ),
);
export type OrganisationTeamMemberInput = v.InferOutput<typeof organisationTeamMemberSchema>;

/** Removes a member: only who and which organisation are needed. */
export const removeOrganisationTeamMemberSchema = oneMessagePerField(
  v.object(removeTeamMemberEntries({ organizationId: uuidField(ORGANISATION_TEAM_MESSAGES.organisation) })),
);
export type RemoveOrganisationTeamMemberInput = v.InferOutput<typeof removeOrganisationTeamMemberSchema>;

/** The schema an organisation team update is checked with (after `teamMemberBody` normalised `deleted`). */
export function organisationTeamMemberSchemaFor(
  body: Record<string, unknown>,
): typeof organisationTeamMemberSchema | typeof removeOrganisationTeamMemberSchema {
  return isRemoval(body) ? removeOrganisationTeamMemberSchema : organisationTeamMemberSchema;
}
