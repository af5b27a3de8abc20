import { count, inArray, sql } from 'drizzle-orm';
import { users } from '~/lib/server/db/schema';
import type { Db } from '~/lib/server/db/types';
import { DEMO_LOGINS, seedDemo } from './demo';
import { seedLookups } from './lookups';

export { DEMO_LOGINS } from './demo';

// Any constant works; it only has to be the same in every process that seeds.
const SEED_LOCK = 72_616_757;

/**
 * Lookups on every call (upserts, so it is safe on every start); demo content
 * only when asked for and the database has no users yet. Holds an advisory
 * lock so two processes starting on one PostgreSQL do not seed twice.
 */
export async function seedDatabase(db: Db, opts: { demo: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await seedLookups(tx);
    if (!opts.demo) return;
    const [row] = await tx.select({ users: count() }).from(users);
    if ((row?.users ?? 0) === 0) await seedDemo(tx);
  });
}

/** The demo logins that exist in this database (one that had users before never gets demo content). */
export async function findDemoLogins(db: Db): Promise<typeof DEMO_LOGINS> {
  const emails = DEMO_LOGINS.map((l) => l.email);
  const present = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return DEMO_LOGINS.filter((l) => present.some((p) => p.email === l.email));
}

export function printDemoLogins(logins: typeof DEMO_LOGINS): void {
  if (logins.length === 0) return;
  console.log('Demo logins:');
  for (const l of logins) console.log(`  ${l.role.padEnd(44)} ${l.email.padEnd(30)} ${l.password}`);
}
