import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISATIONS } from '~/lib/server/db/seed/demo-users';
import {
  latestMail,
  linkToken,
  loginAs,
  mailsTo,
  registerUser,
  type SignedInAccount,
  send,
  uniqueEmail,
  verificationToken,
  verifyAndLogin,
} from './support/accounts';
import { demoToken, formOf, multipart, uniqueWord } from './support/campaigns';
import { expectFailureEnvelope, expectSuccessEnvelope } from './support/http';

/** SPEC §3 "Team member", as `PATCH /team-members` answers it. */
interface TeamMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string | null;
  organizationPositionId: number | null;
  userRole: number;
  campaignId: string | null;
  organizationId: string | null;
  mainContactPerson: boolean;
  inviteStatus: number;
  deleted: boolean;
}

interface Answer {
  campaignId: string | null;
  campaignUrl: string | null;
  organizationId: string | null;
  organizationUrl: string | null;
  organizationName: string | null;
  userRole: number;
  inviteStatus: number;
}

interface Organisation {
  id: string;
  legalName: string;
  url: string;
}

const INVITE_LINK = '/auth/invitation?';
const Role = { Owner: 0, Admin: 1, Editor: 2, Champion: 3 } as const;
const MESSAGES = {
  updated: 'Team member updated successfully',
  notFound: 'Organisation not found.',
  forbidden: 'You do not have permission to change this organisation.',
  ownersOnly: 'Only an Owner can invite, promote, change or remove an Owner.',
  lastOwner: 'The organisation must keep at least one Owner. Make someone else an Owner first.',
  alreadyMember: 'That person is already on this organisation’s team.',
  invalidLink: 'This invitation link is invalid or has expired.',
};

/** A new organisation registered by `owner` through `POST /organizations/` (they become its Owner). */
async function newOrganisation(owner: SignedInAccount): Promise<Organisation> {
  const legalName = `Ubuntu Reading Club ${uniqueWord()}`;
  const res = await multipart<Organisation>(
    'POST',
    '/api/v1/organizations/',
    formOf({
      legalName,
      organizationTypeId: 1,
      organizationSectors: [1],
      briefDescription: '<p>Reading circles for children in Khayelitsha.</p>',
      mainContactPerson: {
        firstName: owner.firstName,
        lastName: owner.lastName,
        phone: '+27821234567',
        positionId: 3,
        email: owner.email,
      },
    }),
    owner.accessToken,
  );
  expect(res.status, res.text.slice(0, 300)).toBe(201);
  return res.body.data;
}

function patchTeam(token: string | undefined, body: Record<string, unknown>) {
  return send<TeamMember[]>('PATCH', '/api/v1/team-members', body, token);
}

const memberFields = (email: string, userRole: number, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Sizwe',
  lastName: 'Khumalo',
  email,
  mobileNumber: '+27825550101',
  organizationPositionId: 16,
  userRole,
  mainContactPerson: false,
  ...overrides,
});

/** Invites `email` to the organisation as `userRole`; answers the new member and the mailed token. */
async function invite(
  inviterToken: string,
  organisationId: string,
  email: string,
  userRole: number,
): Promise<{ member: TeamMember; token: string; subject: string }> {
  // Mails already in the box, so an older invitation to the same address is not taken for this one.
  const seen = (await mailsTo(email)).map((m) => m.id);
  const res = await patchTeam(inviterToken, {
    organizationId: organisationId,
    ...memberFields(email, userRole),
  });
  expect(res.status, res.text).toBe(200);
  const member = res.body.data.find((m) => m.email === email);
  if (!member) throw new Error('the invited member is not in the answer');
  const mail = await latestMail(email, INVITE_LINK, seen);
  return { member, token: linkToken(mail, INVITE_LINK), subject: mail.subject };
}

function answer(token: string, accessToken: string, accept = true) {
  return send<Answer>('POST', '/api/v1/team-members', { token, accept }, accessToken);
}

function myOrganisation(token: string) {
  return send<Organisation & { userRole: number }>('GET', '/api/v1/organizations/', undefined, token);
}

/** New tokens for the account, as the browser gets them after accepting: the claims are read afresh. */
async function refreshed(account: SignedInAccount): Promise<SignedInAccount> {
  const res = await send<{ accessToken: string; refreshToken: string }>(
    'POST',
    '/api/v1/authentication/refresh',
    { refreshToken: account.refreshToken },
  );
  expect(res.status, res.text).toBe(200);
  return { ...account, ...res.body.data };
}

/** A signed-in account that accepted an invitation to the organisation as `userRole`. */
async function member(
  ownerToken: string,
  organisationId: string,
  userRole: number,
): Promise<SignedInAccount & { memberId: string }> {
  const account = await verifyAndLogin({ firstName: 'Sizwe', lastName: 'Khumalo' });
  const { member: row, token } = await invite(ownerToken, organisationId, account.email, userRole);
  const accepted = await answer(token, account.accessToken);
  expect(accepted.status, accepted.text).toBe(200);
  return { ...(await refreshed(account)), memberId: row.id };
}

let owner: SignedInAccount;
let organisation: Organisation;

beforeAll(async () => {
  owner = await verifyAndLogin({ firstName: 'Nandi', lastName: 'Owner' });
  organisation = await newOrganisation(owner);
  owner = await refreshed(owner);
});

describe('PATCH /team-members with organizationId: invitations', () => {
  it('invites a champion by mail; accepting through the link makes them a champion at once', async () => {
    // The invitee has no account yet: the link leads through sign-up.
    const email = uniqueEmail('champion');
    const {
      member: invited,
      token,
      subject,
    } = await invite(owner.accessToken, organisation.id, email, Role.Champion);
    expect(invited).toMatchObject({
      email,
      userRole: Role.Champion,
      organizationId: organisation.id,
      campaignId: null,
      // Sent with a position, as memberFields does: a champion holds none (issue 29).
      organizationPositionId: null,
      inviteStatus: 0,
      deleted: false,
    });
    expect(subject).toContain(organisation.legalName);
    expect(subject).toContain('Champion');

    const account = await registerUser({ email, firstName: 'Sizwe', lastName: 'Khumalo' });
    const verified = await send('PATCH', '/api/v1/authentication/verify-user/', {
      token: await verificationToken(email),
    });
    expect(verified.status, verified.text).toBe(200);
    const login = await loginAs(email, account.password);
    expect(decodeJwt(login.accessToken)).toMatchObject({ isChampion: false, hasOrganization: false });
    expect((await myOrganisation(login.accessToken)).status).toBe(404);

    const accepted = await answer(token, login.accessToken);
    expect(accepted.status, accepted.text).toBe(200);
    expectSuccessEnvelope(accepted.body);
    expect(accepted.body.meta.message).toBe(
      `Invitation accepted. You are now a champion of ${organisation.legalName}.`,
    );
    expect(accepted.body.data).toEqual({
      campaignId: null,
      campaignUrl: null,
      organizationId: organisation.id,
      organizationUrl: organisation.url,
      organizationName: organisation.legalName,
      userRole: Role.Champion,
      inviteStatus: 1,
    });

    const champion = await refreshed({ ...account, ...login });
    expect(decodeJwt(champion.accessToken)).toMatchObject({ isChampion: true, hasOrganization: false });
    const mine = await myOrganisation(champion.accessToken);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data).toMatchObject({ id: organisation.id, userRole: Role.Champion });

    const again = await answer(token, champion.accessToken);
    expect(again.status).toBe(400);
    expect(again.body.meta.message).toBe(MESSAGES.invalidLink);

    const team = await patchTeam(owner.accessToken, {
      organizationId: organisation.id,
      ...memberFields(uniqueEmail('editor'), Role.Editor),
    });
    expect(team.status).toBe(200);
    expect(team.body.meta.message).toBe(MESSAGES.updated);
    expect(team.body.data.find((m) => m.id === invited.id)).toMatchObject({ inviteStatus: 1 });
  });

  it('an accepted member becomes a member with the invited role; a role change changes their access', async () => {
    const editor = await member(owner.accessToken, organisation.id, Role.Editor);
    expect(decodeJwt(editor.accessToken)).toMatchObject({ hasOrganization: true, isChampion: false });
    expect((await myOrganisation(editor.accessToken)).body.data.userRole).toBe(Role.Editor);

    const promoted = await patchTeam(owner.accessToken, {
      id: editor.memberId,
      organizationId: organisation.id,
      ...memberFields(editor.email, Role.Admin),
    });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body.data.find((m) => m.id === editor.memberId)).toMatchObject({
      userRole: Role.Admin,
      inviteStatus: 1,
    });
    expect((await myOrganisation(editor.accessToken)).body.data.userRole).toBe(Role.Admin);
    // As an Admin they now manage members.
    const invited = await patchTeam(editor.accessToken, {
      organizationId: organisation.id,
      ...memberFields(uniqueEmail('by-admin'), Role.Editor),
    });
    expect(invited.status, invited.text).toBe(200);
  });

  it('declining leaves no membership', async () => {
    const invitee = await verifyAndLogin({ firstName: 'Declining' });
    const { member: row, token } = await invite(
      owner.accessToken,
      organisation.id,
      invitee.email,
      Role.Editor,
    );
    const declined = await answer(token, invitee.accessToken, false);
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body.meta.message).toBe('Invitation declined.');
    expect(declined.body.data).toMatchObject({ organizationId: organisation.id, inviteStatus: 2 });
    expect((await myOrganisation(invitee.accessToken)).status).toBe(404);
    expect(decodeJwt((await refreshed(invitee)).accessToken)).toMatchObject({ hasOrganization: false });
    const team = await patchTeam(owner.accessToken, {
      id: row.id,
      organizationId: organisation.id,
      ...memberFields(invitee.email, Role.Editor),
    });
    expect(team.body.data.find((m) => m.id === row.id)).toMatchObject({ inviteStatus: 0 });
  });

  it('a champion holds no position and is never the main contact (issue 29)', async () => {
    const email = uniqueEmail('champion-contact');
    const refused = await patchTeam(owner.accessToken, {
      organizationId: organisation.id,
      ...memberFields(email, Role.Champion, { mainContactPerson: true }),
    });
    expect(refused.status).toBe(400);
    expectFailureEnvelope(refused.body);
    expect(refused.body.data).toEqual({
      mainContactPerson: ['A champion cannot be the main contact person: choose a team member.'],
    });
    const { member } = await invite(owner.accessToken, organisation.id, email, Role.Champion);
    expect(member).toMatchObject({
      userRole: Role.Champion,
      organizationPositionId: null,
      mainContactPerson: false,
    });
    // An editor keeps the position sent.
    const editor = await invite(
      owner.accessToken,
      organisation.id,
      uniqueEmail('editor-position'),
      Role.Editor,
    );
    expect(editor.member.organizationPositionId).toBe(16);
  });

  it('the same address twice on the team is 409', async () => {
    const email = uniqueEmail('twice');
    await invite(owner.accessToken, organisation.id, email, Role.Editor);
    const twice = await patchTeam(owner.accessToken, {
      organizationId: organisation.id,
      ...memberFields(email.toUpperCase(), Role.Champion),
    });
    expect(twice.status).toBe(409);
    expectFailureEnvelope(twice.body);
    expect(twice.body.meta.message).toBe(MESSAGES.alreadyMember);
    const self = await patchTeam(owner.accessToken, {
      organizationId: organisation.id,
      ...memberFields(owner.email, Role.Editor),
    });
    expect(self.status).toBe(409);
  });
});

describe('removing a member', () => {
  it('ends their organisation access at once and leaves them off the team', async () => {
    const admin = await member(owner.accessToken, organisation.id, Role.Admin);
    expect((await myOrganisation(admin.accessToken)).status).toBe(200);
    const removed = await patchTeam(owner.accessToken, {
      id: admin.memberId,
      organizationId: organisation.id,
      deleted: true,
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data.map((m) => m.id)).not.toContain(admin.memberId);
    // The same access token no longer manages anything, before any refresh.
    const stale = await patchTeam(admin.accessToken, {
      organizationId: organisation.id,
      ...memberFields(uniqueEmail('stale'), Role.Editor),
    });
    expect(stale.status).toBe(403);
    expect((await myOrganisation(admin.accessToken)).status).toBe(404);
    const after = await refreshed(admin);
    expect(decodeJwt(after.accessToken)).toMatchObject({ hasOrganization: false, isChampion: false });
    expect((await myOrganisation(after.accessToken)).status).toBe(404);
  });

  it('an organisation keeps its last Owner', async () => {
    const second = await member(owner.accessToken, organisation.id, Role.Owner);
    // Two Owners: one may step down to Editor…
    const demoted = await patchTeam(second.accessToken, {
      id: second.memberId,
      organizationId: organisation.id,
      ...memberFields(second.email, Role.Editor),
    });
    expect(demoted.status, demoted.text).toBe(200);
    expect((await myOrganisation(second.accessToken)).body.data.userRole).toBe(Role.Editor);

    // …but the demo organisation with one Owner cannot lose her, by removal or demotion.
    const karoo = DEMO_ORGANISATIONS.find((o) => o.key === 'karoo');
    const lerato = await demoToken('lerato');
    const mine = await send<{ id: string; teamMembers: TeamMember[] }>(
      'GET',
      '/api/v1/organizations/',
      undefined,
      lerato,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ url: karoo?.url });
    const self = mine.body.data.teamMembers.find((m) => m.userRole === Role.Owner);
    if (!self) throw new Error('the demo owner has no team member row');
    const removed = await patchTeam(lerato, {
      id: self.id,
      organizationId: mine.body.data.id,
      deleted: true,
    });
    expect(removed.status).toBe(400);
    expect(removed.body.meta.message).toBe(MESSAGES.lastOwner);
    const stepDown = await patchTeam(lerato, {
      ...self,
      organizationId: mine.body.data.id,
      userRole: Role.Champion,
      // A champion is never the main contact (issue 29): only the last-Owner rule is in the way here.
      mainContactPerson: false,
    });
    expect(stepDown.status).toBe(400);
    expect(stepDown.body.meta.message).toBe(MESSAGES.lastOwner);
    expect((await myOrganisation(lerato)).body.data.userRole).toBe(Role.Owner);
  });
});

describe('who may manage members', () => {
  let editor: SignedInAccount;
  let champion: SignedInAccount;
  let admin: SignedInAccount;

  beforeAll(async () => {
    [editor, champion, admin] = await Promise.all([
      member(owner.accessToken, organisation.id, Role.Editor),
      member(owner.accessToken, organisation.id, Role.Champion),
      member(owner.accessToken, organisation.id, Role.Admin),
    ]);
  });

  it('an Editor, a Champion and an outsider get 403; a visitor 401; an unknown organisation 404', async () => {
    const outsider = await verifyAndLogin({ firstName: 'Outsider' });
    const body = { organizationId: organisation.id, ...memberFields(uniqueEmail('nope'), Role.Editor) };
    for (const token of [editor.accessToken, champion.accessToken, outsider.accessToken]) {
      const res = await patchTeam(token, body);
      expect(res.status).toBe(403);
      expectFailureEnvelope(res.body);
      expect(res.body.meta.message).toBe(MESSAGES.forbidden);
    }
    expect((await patchTeam(undefined, body)).status).toBe(401);
    const unknown = await patchTeam(owner.accessToken, {
      ...body,
      organizationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe(MESSAGES.notFound);
  });

  it('an Admin may not invite an Owner, promote to Owner, or change or remove an Owner', async () => {
    const asOwner = await patchTeam(admin.accessToken, {
      organizationId: organisation.id,
      ...memberFields(uniqueEmail('owner'), Role.Owner),
    });
    expect(asOwner.status).toBe(403);
    expect(asOwner.body.meta.message).toBe(MESSAGES.ownersOnly);

    const { member: invited } = await invite(
      admin.accessToken,
      organisation.id,
      uniqueEmail('ed'),
      Role.Editor,
    );
    const promote = await patchTeam(admin.accessToken, {
      id: invited.id,
      organizationId: organisation.id,
      ...memberFields(invited.email, Role.Owner),
    });
    expect(promote.status).toBe(403);
    expect(promote.body.meta.message).toBe(MESSAGES.ownersOnly);

    // An Owner's own row: the demo organisation's Admin against its Owner.
    const [kagiso, anele] = await Promise.all([demoToken('kagiso'), demoToken('anele')]);
    const siyakhula = await send<{ id: string; teamMembers: TeamMember[] }>(
      'GET',
      '/api/v1/organizations/',
      undefined,
      anele,
    );
    const ownerRow = siyakhula.body.data.teamMembers.find((m) => m.userRole === Role.Owner);
    if (!ownerRow) throw new Error('the demo organisation has no Owner row');
    const change = await patchTeam(kagiso, {
      ...ownerRow,
      organizationId: siyakhula.body.data.id,
      lastName: 'Changed',
    });
    expect(change.status).toBe(403);
    expect(change.body.meta.message).toBe(MESSAGES.ownersOnly);
    const remove = await patchTeam(kagiso, {
      id: ownerRow.id,
      organizationId: siyakhula.body.data.id,
      deleted: true,
    });
    expect(remove.status).toBe(403);
    expect(remove.body.meta.message).toBe(MESSAGES.ownersOnly);
    expect((await myOrganisation(anele)).body.data.userRole).toBe(Role.Owner);
  });
});

describe('the body chooses the team', () => {
  it('needs exactly one of campaignId and organizationId; organisation roles are 0–3', async () => {
    const fields = memberFields(uniqueEmail('which'), Role.Editor);
    const neither = await patchTeam(owner.accessToken, fields);
    expect(neither.status).toBe(400);
    expect(neither.body.meta.message).toBe('Please choose a campaign or an organisation.');
    const both = await patchTeam(owner.accessToken, {
      ...fields,
      organizationId: organisation.id,
      campaignId: organisation.id,
    });
    expect(both.status).toBe(400);
    expect(both.body.meta.message).toBe('Please choose a campaign or an organisation, not both.');
    const badRole = await patchTeam(owner.accessToken, {
      ...fields,
      organizationId: organisation.id,
      userRole: 4,
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.data).toEqual({
      userRole: ['Please choose a role: Owner, Admin, Editor or Champion.'],
    });
  });
});
