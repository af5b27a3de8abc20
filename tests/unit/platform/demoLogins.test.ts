import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from '~/lib/server/db/pglite';

// A DATA_DIR on disk (as `npm start` has), no DEMO_PASSWORD (as a developer has): the seed must
// make up the passwords and keep them there. Set before the modules read the environment.
const dataDir = mkdtempSync(join(tmpdir(), 'letsema-demo-logins-'));
vi.stubEnv('DATA_DIR', dataDir);
vi.stubEnv('DATABASE_URL', '');
vi.stubEnv('DEMO_PASSWORD', '');
const { env } = await import('~/lib/server/platform/env');
const schema = await import('~/lib/server/db/schema');
const { findDemoLogins, seedDatabase } = await import('~/lib/server/db/seed');
type Db = Parameters<typeof seedDatabase>[0];

const ADMIN = 'admin@letsema.test';
/** What the code used to publish as the demo admin's password. */
const FORMERLY_PUBLISHED = 'Letsema-Admin-2026';
const clients: PGlite[] = [];

/** A fresh, migrated, empty database, as a first start has. */
async function freshDb(): Promise<Db> {
  const client = openPglite();
  clients.push(client);
  const db = drizzle({ client, schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder: env.migrationsDir });
  return db as unknown as Db;
}

async function adminHash(db: Db): Promise<string> {
  const [row] = await db
    .select({ hash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.email, ADMIN));
  if (!row?.hash) throw new Error('the demo admin has no password');
  return row.hash;
}

const adminPassword = async (db: Db): Promise<string> => {
  const login = (await findDemoLogins(db)).find((l) => l.email === ADMIN);
  if (!login) throw new Error('the demo admin login is not printed');
  return login.password;
};

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo passwords', () => {
  let first: Db;
  let firstPassword: string;

  it('are made up for each fresh database: two databases never share the admin password', async () => {
    first = await freshDb();
    await seedDatabase(first, { demo: true });
    firstPassword = await adminPassword(first);
    expect(await verify(await adminHash(first), firstPassword)).toBe(true);
    expect(await verify(await adminHash(first), FORMERLY_PUBLISHED)).toBe(false);

    const second = await freshDb();
    await seedDatabase(second, { demo: true });
    const secondPassword = await adminPassword(second);
    expect(secondPassword).not.toBe(firstPassword);
    expect(await verify(await adminHash(second), secondPassword)).toBe(true);
    expect(await verify(await adminHash(second), firstPassword)).toBe(false);
  }, 300_000);

  it('are kept in DATA_DIR/demo-logins.json, readable by its owner only', () => {
    const file = join(dataDir, 'demo-logins.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { logins } = JSON.parse(readFileSync(file, 'utf8')) as {
      logins: { email: string; password: string }[];
    };
    expect(logins.length).toBeGreaterThan(1);
    expect(new Set(logins.map((l) => l.password)).size).toBe(logins.length);
    expect(logins.find((l) => l.email === ADMIN)?.password).toBeDefined();
  });

  it('a database seeded with the published password gets new ones on its next start', async () => {
    // The first database, as if seeded before the passwords were generated: the published one,
    // and no demo-logins.json in DATA_DIR.
    const old = first;
    const { hash } = await import('@node-rs/argon2');
    await old
      .update(schema.users)
      .set({ passwordHash: await hash(FORMERLY_PUBLISHED) })
      .where(eq(schema.users.email, ADMIN));
    rmSync(join(dataDir, 'demo-logins.json'));
    vi.resetModules();
    const restarted = await import('~/lib/server/db/seed');

    await restarted.seedDatabase(old, { demo: true });
    expect(await verify(await adminHash(old), FORMERLY_PUBLISHED)).toBe(false);
    const renewed = (await restarted.findDemoLogins(old)).find((l) => l.email === ADMIN);
    expect(renewed && (await verify(await adminHash(old), renewed.password))).toBe(true);
  }, 60_000);
});
