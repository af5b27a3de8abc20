import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrgUserRole } from '~/lib/enums';
import { prepareServerTestEnv } from '../support/serverEnv';

const testEnv = prepareServerTestEnv();
const { closeDb, getDb } = await import('~/lib/server/db');
const { organisations, organisationUsers } = await import('~/lib/server/db/schema');
const { register } = await import('~/lib/server/accounts/auth');
const { loadCurrentUser } = await import('~/lib/server/accounts/claims');

async function newUser(name: string): Promise<string> {
  const { id } = await register({
    firstName: name,
    lastName: 'Claims',
    email: `${name.toLowerCase()}.claims@example.test`,
    password: 'a-long-unusual-passphrase',
  });
  return id;
}

let organisationId: string;

beforeAll(async () => {
  const db = await getDb();
  const [row] = await db
    .insert(organisations)
    .values({ legalName: 'Claims Test Trust', url: 'claims-test-trust' })
    .returning({ id: organisations.id });
  if (!row) throw new Error('no organisation');
  organisationId = row.id;
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

async function claimsWithRole(name: string, role: number | null) {
  const id = await newUser(name);
  if (role !== null) {
    const db = await getDb();
    await db.insert(organisationUsers).values({ organisationId, userId: id, role });
  }
  return loadCurrentUser(id);
}

describe('the access token claims about organisations (SPEC §3 current user)', () => {
  it.each([
    { name: 'Owner', role: OrgUserRole.Owner, has: true, champion: false },
    { name: 'Admin', role: OrgUserRole.Admin, has: true, champion: false },
    { name: 'Editor', role: OrgUserRole.Editor, has: true, champion: false },
    { name: 'Champion', role: OrgUserRole.Champion, has: false, champion: true },
    { name: 'Nobody', role: null, has: false, champion: false },
  ])('$name: hasOrganization $has, isChampion $champion', async ({ name, role, has, champion }) => {
    const claims = await claimsWithRole(name, role);
    expect(claims).toMatchObject({ hasOrganization: has, isChampion: champion });
  });
});
