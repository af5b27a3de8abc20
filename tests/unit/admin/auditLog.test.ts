import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareServerTestEnv } from '../support/serverEnv';

const testEnv = prepareServerTestEnv();
const { closeDb, getDb } = await import('~/lib/server/db');
const { auditLog, users } = await import('~/lib/server/db/schema');
const { recordAudit } = await import('~/lib/server/platform/audit');
const { register } = await import('~/lib/server/accounts/auth');

beforeAll(async () => {
  await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

describe('the audit log', () => {
  it('keeps every entry: an update or a delete is refused by the database itself', async () => {
    const db = await getDb();
    await recordAudit({ actorId: null, action: 'banner-update', entity: 'banner', entityId: '1' });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'banner-update'));
    if (!entry) throw new Error('no entry');
    // Drizzle wraps the database's error ("Failed query: …"): its cause is PostgreSQL's refusal.
    const refused = {
      cause: { message: 'The audit log is append-only: entries cannot be changed or deleted.' },
    };
    await expect(
      db.update(auditLog).set({ action: 'nothing-happened' }).where(eq(auditLog.id, entry.id)),
    ).rejects.toMatchObject(refused);
    await expect(db.delete(auditLog).where(eq(auditLog.id, entry.id))).rejects.toMatchObject(refused);
    const [still] = await db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(still?.action).toBe('banner-update');
  });

  it('keeps the entries of an account that is deleted, without the account', async () => {
    const db = await getDb();
    const { id } = await register({
      firstName: 'Gone',
      lastName: 'Soon',
      email: 'gone.soon@example.test',
      password: 'a-long-unusual-passphrase',
    });
    await recordAudit({ actorId: id, action: 'left-a-trace', entity: 'user', entityId: id });
    await db.execute(sql`delete from refresh_tokens where user_id = ${id}`);
    await db.delete(users).where(eq(users.id, id));
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'left-a-trace'));
    expect(entry).toMatchObject({ actorId: null, entityId: id });
  });
});
