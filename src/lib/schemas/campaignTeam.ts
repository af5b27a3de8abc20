import * as v from 'valibot';
import { OrgUserRole } from '~/lib/enums';
import { emailSchema, firstNameSchema, lastNameSchema, phoneSchema } from './auth';
import {
  flag,
  integerIn,
  nullableInteger,
  nullableUuid,
  oneMessagePerField,
  uuidField,
} from './campaignFields';

/** `PATCH /team-members` and `POST /team-members` (an invitation answered), docs/api/campaigns.md. */

export const TEAM_MESSAGES = {
  campaign: 'Please choose a campaign.',
  member: 'Team member not found.',
  position: 'Please choose a position from the list.',
  role: 'Please choose a role: Admin or Editor.',
  flag: 'Please answer yes or no.',
  invitation: 'This invitation link is invalid or has expired.',
  alreadyMember: 'That person is already on this campaign’s team.',
  owner: 'The campaign owner is already on the team.',
  updated: 'Team member updated successfully',
  accepted: 'Invitation accepted. You can now help run this campaign.',
  declined: 'Invitation declined.',
} as const;

/** The roles a campaign team member may have: Admin and Editor both edit the campaign. */
const CAMPAIGN_TEAM_ROLES = [OrgUserRole.Admin, OrgUserRole.Editor] as const;

/**
 * A team member's fields, the same for a campaign's team and an organisation's,
 * in the order they are checked: `scope` names the team (`campaignId` or
 * `organizationId`), `userRole` the roles that team allows.
 */
export function teamMemberEntries<const S extends v.ObjectEntries, const R extends v.GenericSchema>(
  scope: S,
  userRole: R,
) {
  return {
    id: v.optional(nullableUuid(TEAM_MESSAGES.member)),
    ...scope,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    mobileNumber: phoneSchema,
    organizationPositionId: v.optional(nullableInteger(TEAM_MESSAGES.position, 1, 2_147_483_647)),
    userRole,
    mainContactPerson: v.optional(flag(TEAM_MESSAGES.flag), false),
    deleted: v.optional(v.literal(false), false),
  };
}

/** A removal from either team: only who, which team (`scope`) and `deleted: true`. */
export function removeTeamMemberEntries<const S extends v.ObjectEntries>(scope: S) {
  return { id: uuidField(TEAM_MESSAGES.member), ...scope, deleted: v.literal(true) };
}

/** Adds a member (no `id`: an invitation is mailed) or changes one (`id`). */
export const teamMemberSchema = oneMessagePerField(
  v.object(
    teamMemberEntries(
      { campaignId: uuidField(TEAM_MESSAGES.campaign) },
      v.optional(
        v.pipe(
          integerIn(TEAM_MESSAGES.role, 0, 3),
          v.check((role) => (CAMPAIGN_TEAM_ROLES as readonly number[]).includes(role), TEAM_MESSAGES.role),
        ),
        OrgUserRole.Editor,
      ),
    ),
  ),
);
export type TeamMemberInput = v.InferOutput<typeof teamMemberSchema>;

/** Removes a member: only who and which campaign are needed. */
export const removeTeamMemberSchema = oneMessagePerField(
  v.object(removeTeamMemberEntries({ campaignId: uuidField(TEAM_MESSAGES.campaign) })),
);
export type RemoveTeamMemberInput = v.InferOutput<typeof removeTeamMemberSchema>;

const isTrue = (value: unknown): boolean => value === true || value === 'true';

/** The schema a team member update is checked with: removal when `deleted` is true, else add or change. */
export function teamMemberSchemaFor(input: unknown): typeof teamMemberSchema | typeof removeTeamMemberSchema {
  return isRemoval(input) ? removeTeamMemberSchema : teamMemberSchema;
}

/** Whether a team member update (either team's) removes the member: `deleted` is true or 'true'. */
export function isRemoval(input: unknown): boolean {
  return isTrue(input && typeof input === 'object' ? (input as Record<string, unknown>).deleted : undefined);
}

/** Normalises `deleted` ('true'/'false' from a form) before parsing with `teamMemberSchemaFor`. */
export function teamMemberBody(input: Record<string, unknown>): Record<string, unknown> {
  const { deleted } = input;
  return { ...input, deleted: deleted === undefined || deleted === null ? false : isTrue(deleted) };
}

export const invitationAnswerSchema = oneMessagePerField(
  v.object({
    token: v.optional(
      v.pipe(
        v.string(TEAM_MESSAGES.invitation),
        v.trim(),
        v.nonEmpty(TEAM_MESSAGES.invitation),
        v.maxLength(200, TEAM_MESSAGES.invitation),
      ),
      '',
    ),
    accept: v.optional(flag(TEAM_MESSAGES.flag), true),
  }),
);
export type InvitationAnswerInput = v.InferOutput<typeof invitationAnswerSchema>;
