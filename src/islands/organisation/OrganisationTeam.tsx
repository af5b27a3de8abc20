import type { ReactElement } from 'react';
import { changeTeamMember } from '~/islands/editor/campaignActions';
import { TeamList, type TeamScope } from '~/islands/editor/TeamMembers';
import { FormNotice } from '~/islands/form/FormNotice';
import type { Option } from '~/islands/form/fieldParts';
import type { MyOrganisationView, TeamMember } from '~/lib/api/organisations';
import { OrgUserRole } from '~/lib/enums';
import { organisationTeamMemberSchema } from '~/lib/schemas/organisationTeam';
import { ChampionLeaderboard } from './ChampionLeaderboard';

const ROLE_OPTIONS: Readonly<Record<OrgUserRole, Option>> = {
  [OrgUserRole.Owner]: {
    value: String(OrgUserRole.Owner),
    label: 'Owner',
    description: 'Everything, including verification and banking details.',
  },
  [OrgUserRole.Admin]: {
    value: String(OrgUserRole.Admin),
    label: 'Admin',
    description: 'Edits the organisation and manages its team.',
  },
  [OrgUserRole.Editor]: {
    value: String(OrgUserRole.Editor),
    label: 'Editor',
    description: 'Edits the organisation’s profile and campaigns.',
  },
  [OrgUserRole.Champion]: {
    value: String(OrgUserRole.Champion),
    label: 'Champion',
    description: 'Runs their own campaigns for the organisation.',
  },
};

/** Owners and Admins manage members (docs/api/organisations.md); an Admin cannot touch an Owner. */
export const canManageTeam = (role: number): boolean =>
  role === OrgUserRole.Owner || role === OrgUserRole.Admin;

/** The roles the caller may give: an Admin may not make anyone an Owner. */
export function rolesFor(callerRole: number): OrgUserRole[] {
  const all = [OrgUserRole.Editor, OrgUserRole.Admin, OrgUserRole.Champion, OrgUserRole.Owner];
  return callerRole === OrgUserRole.Owner ? all : all.filter((role) => role !== OrgUserRole.Owner);
}

interface Props {
  organisation: MyOrganisationView;
  /** 'team': everyone, every role; 'champions': champions only, invited as champions. */
  kind: 'team' | 'champions';
  onChanged: (members: TeamMember[]) => void;
}

/** The Team and Champions tabs of /organization/edit/{id} (PATCH /team-members with organizationId). */
export function OrganisationTeam({ organisation, kind, onChanged }: Props): ReactElement {
  const role = organisation.userRole;
  const manages = canManageTeam(role);
  const roles = kind === 'champions' ? [OrgUserRole.Champion] : rolesFor(role);
  const scope: TeamScope = {
    key: { organizationId: organisation.id },
    schema: organisationTeamMemberSchema,
    save: (change) => changeTeamMember({ ...change, organizationId: organisation.id }),
    roles: roles.map((r) => ROLE_OPTIONS[r]),
  };
  const members =
    kind === 'champions'
      ? organisation.teamMembers.filter((m) => m.userRole === OrgUserRole.Champion)
      : organisation.teamMembers;
  const canChange = (member: TeamMember): boolean =>
    manages && (role === OrgUserRole.Owner || member.userRole !== OrgUserRole.Owner);
  return (
    <div className="space-y-4">
      {kind === 'champions' ? (
        <ChampionLeaderboard organisationId={organisation.id} organisationName={organisation.legalName} />
      ) : null}
      {manages ? null : (
        <FormNotice tone="info">
          Only the organisation's owners and admins can invite and change members.
        </FormNotice>
      )}
      <TeamList
        scope={scope}
        members={members}
        intro={
          kind === 'champions'
            ? 'Champions raise funds for your organisation with campaigns of their own, and are listed on its page.'
            : 'People who help run your organisation: admins manage the team, editors edit the profile and campaigns.'
        }
        listLabel={kind === 'champions' ? 'Champions' : 'Team members'}
        emptyText={kind === 'champions' ? 'No champions yet.' : 'No team members yet.'}
        addLabel={kind === 'champions' ? 'Invite a champion' : 'Invite a team member'}
        submitLabel="Send invitation"
        canAdd={manages}
        canChange={canChange}
        onChanged={onChanged}
      />
    </div>
  );
}
