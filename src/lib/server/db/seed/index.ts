import { hash } from '@node-rs/argon2';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { users } from '~/lib/server/db/schema';
import type { Db, Tx } from '~/lib/server/db/types';
import { seedDemo } from './demo';
import { type DemoLogin, newDemoLogins, rememberDemoLogins, rememberedDemoLogins } from './demo-logins';
import { DEMO_USERS } from './demo-users';
import { seedLookups } from './lookups';

export type { DemoLogin } from './demo-logins';

// Any constant works; it only has to be the same in every process that seeds.
const SEED_LOCK = 72_616_757;

/**
 * Lookups on every call (upserts, so it is safe on every start); demo content
 * only when asked for and the database has no users yet. Holds an advisory
 * lock so two processes starting on one PostgreSQL do not seed twice.
 */
export async function seedDatabase(db: Db, opts: { demo: boolean }): Promise<void> {
  const seeded = await db.transaction(async (tx): Promise<DemoLogin[] | null> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await seedLookups(tx);
    if (!opts.demo) return null;
    const [row] = await tx.select({ users: count() }).from(users);
    if ((row?.users ?? 0) > 0) return renewUnknownDemoPasswords(tx);
    const logins = newDemoLogins();
    await seedDemo(tx, logins);
    return logins;
  });
  // Only once committed: the file must never name passwords a rolled-back seed did not set.
  if (seeded) rememberDemoLogins(seeded);
}

/**
 * A database seeded before the passwords were generated still has the ones the code once
 * published (and one is an admin's); so does one whose DATA_DIR lost demo-logins.json. Demo users
 * whose password is not on record here get new ones, which are then remembered and printed.
 */
async function renewUnknownDemoPasswords(tx: Tx): Promise<DemoLogin[] | null> {
  const known = new Set(rememberedDemoLogins().map((l) => l.email));
  const present = await tx
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((u) => u.email),
      ),
    );
  if (present.length === 0 || present.every((p) => known.has(p.email))) return null;
  const logins = newDemoLogins().filter((l) => present.some((p) => p.email === l.email));
  for (const login of logins)
    await tx
      .update(users)
      .set({ passwordHash: await hash(login.password) })
      .where(eq(users.email, login.email));
  return logins;
}

/** The demo logins that exist in this database (one that had users before never gets demo content). */
export async function findDemoLogins(db: Db): Promise<DemoLogin[]> {
  const logins = rememberedDemoLogins();
  if (logins.length === 0) return [];
  const emails = logins.map((l) => l.email);
  const present = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return logins.filter((l) => present.some((p) => p.email === l.email));
}

/** The demo logins as a table for a person at a terminal (never a log line: it holds passwords). */
export function demoLoginsTable(logins: readonly DemoLogin[]): string {
  // Columns as wide as their longest entry, so the table stays aligned whatever the roles say.
  const roleWidth = Math.max(...logins.map((l) => l.role.length));
  const emailWidth = Math.max(...logins.map((l) => l.email.length));
  return [
    'Demo logins (passwords generated for this database; also in DATA_DIR/demo-logins.json):',
    ...logins.map((l) => `  ${l.role.padEnd(roleWidth)}  ${l.email.padEnd(emailWidth)}  ${l.password}`),
  ].join('\n');
}
