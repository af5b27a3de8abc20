import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { applicableMemberValues } from '~/islands/editor/TeamMembers';
import { OrgUserRole } from '~/lib/enums';
import { organisationTeamMemberSchema, roleHasPosition } from '~/lib/schemas/organisationTeam';

// Issue 29: a champion's invitation asks for no position and no main-contact tick; the server
// drops a position sent for a champion and refuses making one the main contact.

const member = (userRole: number, changes: Record<string, unknown> = {}) => ({
  organizationId: randomUUID(),
  firstName: 'Lindiwe',
  lastName: 'Sithole',
  email: 'lindiwe@example.org',
  mobileNumber: '082 555 0101',
  organizationPositionId: 16,
  userRole,
  mainContactPerson: false,
  ...changes,
});

describe('a champion on an organisation’s team', () => {
  it('holds no position: one sent is dropped; other roles keep theirs', () => {
    expect(roleHasPosition(OrgUserRole.Champion)).toBe(false);
    expect(
      v.parse(organisationTeamMemberSchema, member(OrgUserRole.Champion)).organizationPositionId,
    ).toBeNull();
    expect(v.parse(organisationTeamMemberSchema, member(OrgUserRole.Editor)).organizationPositionId).toBe(16);
  });

  it('is never the main contact', () => {
    const result = v.safeParse(
      organisationTeamMemberSchema,
      member(OrgUserRole.Champion, { mainContactPerson: true }),
    );
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['mainContactPerson', 'A champion cannot be the main contact person: choose a team member.'],
    ]);
    expect(
      v.safeParse(organisationTeamMemberSchema, member(OrgUserRole.Admin, { mainContactPerson: true }))
        .success,
    ).toBe(true);
  });

  it('the form sends neither for a champion, whatever was ticked before the role changed', () => {
    const typed = {
      firstName: 'Lindiwe',
      lastName: 'Sithole',
      email: 'lindiwe@example.org',
      mobileNumber: '',
      organizationPositionId: '16',
      userRole: String(OrgUserRole.Champion),
      mainContactPerson: true,
    };
    expect(applicableMemberValues(typed)).toMatchObject({
      organizationPositionId: '',
      mainContactPerson: false,
    });
    const editor = { ...typed, userRole: String(OrgUserRole.Editor) };
    expect(applicableMemberValues(editor)).toBe(editor);
  });
});
