import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareServerTestEnv } from '../support/serverEnv';

const testEnv = prepareServerTestEnv();
const { closeDb, getDb } = await import('~/lib/server/db');
const { auditLog, users } = await import('~/lib/server/db/schema');
const { register, login } = await import('~/lib/server/accounts/auth');
const { createOrPromoteAdmin } = await import('~/lib/server/admin/createAdmin');

beforeAll(async () => {
  await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

describe('npm run admin:create', () => {
  it('promotes an existing account (any case of its address) and writes one audit entry', async () => {
    const db = await getDb();
    const { id } = await register({
      firstName: 'Busi',
      lastName: 'Staff',
      email: 'busi.staff@example.test',
      password: 'a-long-unusual-passphrase',
    });
    const result = await createOrPromoteAdmin(db, 'Busi.Staff@Example.test');
    expect(result).toMatchObject({ outcome: 'promoted', userId: id });
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
    expect(row?.role).toBe('admin');
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.filter((e) => e.action === 'admin-create')).toMatchObject([
      { before: { role: 'user' }, after: { role: 'admin' } },
    ]);
    expect(await createOrPromoteAdmin(db, 'busi.staff@example.test')).toMatchObject({
      outcome: 'already-admin',
    });
  });

  it('creates a confirmed admin whose printed password logs in', async () => {
    const db = await getDb();
    const result = await createOrPromoteAdmin(db, 'new.admin@example.test');
    if (result.outcome !== 'created') throw new Error(`expected created, got ${result.outcome}`);
    expect(result.password.length).toBeGreaterThanOrEqual(20);
    const [row] = await db.select().from(users).where(eq(users.id, result.userId));
    expect(row).toMatchObject({ role: 'admin', emailConfirmed: true, firstName: 'New' });
    expect(row?.passwordHash).not.toContain(result.password);
    const session = await login({ email: 'new.admin@example.test', password: result.password }, '127.0.0.1');
    expect(session.access.user).toMatchObject({ email: 'new.admin@example.test' });
  });

  it('refuses an address that is not one', async () => {
    const db = await getDb();
    await expect(createOrPromoteAdmin(db, 'not-an-address')).rejects.toThrow('Invalid email format.');
  });
});
