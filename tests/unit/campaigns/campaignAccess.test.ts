import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '~/lib/currentUser';
import { OrgUserRole } from '~/lib/enums';
import { prepareServerTestEnv } from '../support/serverEnv';

// Issue 10, finding 1: an organisation's roles edit a campaign only when the
// campaign's owner belongs to that organisation. The API can no longer attach a
// campaign to someone else's organisation, so the rows such an attach left
// behind (before the fix) are made here directly.
const testEnv = prepareServerTestEnv();
const { closeDb, getDb } = await import('~/lib/server/db');
const { campaigns, organisations, organisationUsers, users } = await import('~/lib/server/db/schema');
const { canEditCampaign, editableBy } = await import('~/lib/server/campaigns/access');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

const tag = (): string => randomUUID().slice(0, 8);

async function user(firstName: string): Promise<CurrentUser> {
  const email = `${firstName.toLowerCase()}-${tag()}@example.test`;
  const [row] = await db
    .insert(users)
    .values({ email, firstName, lastName: 'Test', emailConfirmed: true })
    .returning({ id: users.id });
  if (!row) throw new Error('no user row');
  return {
    id: row.id,
    firstName,
    lastName: 'Test',
    email,
    msisdn: null,
    location: null,
    active: true,
    emailConfirmed: true,
    hasOrganization: false,
    isChampion: false,
    role: 'user',
  };
}

async function organisation(members: { user: CurrentUser; role: OrgUserRole }[]): Promise<string> {
  const [row] = await db
    .insert(organisations)
    .values({ legalName: `Trust ${tag()}`, url: `trust-${tag()}` })
    .returning({ id: organisations.id });
  if (!row) throw new Error('no organisation row');
  await db
    .insert(organisationUsers)
    .values(members.map((m) => ({ organisationId: row.id, userId: m.user.id, role: m.role })));
  return row.id;
}

async function campaign(ownerId: string, organisationId: string) {
  const [row] = await db
    .insert(campaigns)
    .values({ ownerId, organisationId, name: 'Soup kitchen', url: `soup-${tag()}`, shortUrl: tag() })
    .returning();
  if (!row) throw new Error('no campaign row');
  return row;
}

async function editableIds(userId: string): Promise<string[]> {
  const rows = await db.select({ id: campaigns.id }).from(campaigns).where(editableBy(userId));
  return rows.map((r) => r.id);
}

describe('edit rights through an organisation', () => {
  let owner: CurrentUser;
  let attacker: CurrentUser;
  let orgAdmin: CurrentUser;

  beforeAll(async () => {
    db = await getDb();
    [owner, attacker, orgAdmin] = await Promise.all([user('Owner'), user('Attacker'), user('OrgAdmin')]);
  }, 180_000);

  it("give none over a campaign tied to an organisation its owner has no part in (the attacker's)", async () => {
    const attackersOrganisation = await organisation([{ user: attacker, role: OrgUserRole.Owner }]);
    const taken = await campaign(owner.id, attackersOrganisation);
    expect(await canEditCampaign(attacker, taken)).toBe(false);
    expect(await editableIds(attacker.id)).not.toContain(taken.id);
    expect(await canEditCampaign(owner, taken)).toBe(true);
    expect(await editableIds(owner.id)).toContain(taken.id);
  });

  it('come from the organisation the owner belongs to: its Owner, Admin and Editor, not its Champion', async () => {
    const champion = await user('Champion');
    const shared = await organisation([
      { user: owner, role: OrgUserRole.Owner },
      { user: orgAdmin, role: OrgUserRole.Admin },
      { user: champion, role: OrgUserRole.Champion },
    ]);
    const theirs = await campaign(owner.id, shared);
    expect(await canEditCampaign(orgAdmin, theirs)).toBe(true);
    expect(await editableIds(orgAdmin.id)).toContain(theirs.id);
    expect(await canEditCampaign(champion, theirs)).toBe(false);
    expect(await editableIds(champion.id)).not.toContain(theirs.id);
  });

  it('end when the owner leaves the organisation', async () => {
    const left = await organisation([
      { user: owner, role: OrgUserRole.Editor },
      { user: orgAdmin, role: OrgUserRole.Admin },
    ]);
    const theirs = await campaign(owner.id, left);
    expect(await canEditCampaign(orgAdmin, theirs)).toBe(true);
    await db.execute(
      sql`delete from organisation_users where organisation_id = ${left} and user_id = ${owner.id}`,
    );
    expect(await canEditCampaign(orgAdmin, theirs)).toBe(false);
    expect(await editableIds(orgAdmin.id)).not.toContain(theirs.id);
  });
});
