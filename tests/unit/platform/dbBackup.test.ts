import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from '~/lib/server/db/pglite';
import { startPostgres } from '../../../scripts/test-support/postgres.mjs';
import { postgresBinDir, postgresMissing } from '../support/postgres';

// npm run db:backup and db:restore: a restored database is the one backed up, table for table and
// row for row (the migration journal included), and not the one that kept changing afterwards.

const work = mkdtempSync(join(tmpdir(), 'letsema-backup-'));
vi.stubEnv('DATA_DIR', join(work, 'data'));
vi.stubEnv('SEED_DEMO', 'true');
const schema = await import('~/lib/server/db/schema');
const { seedDatabase } = await import('~/lib/server/db/seed');
const { BackupError, backupDatabase, backupFileName, restoreDatabase } = await import(
  '~/lib/server/db/backup'
);
type Db = Parameters<typeof seedDatabase>[0];
type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

const MIGRATIONS = 'src/lib/server/db/migrations';

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every table of every schema (the drizzle journal too): its row count and an md5 over its rows in order. */
async function fingerprint(query: Query): Promise<Record<string, string>> {
  const tables = await query(
    "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
  );
  const result: Record<string, string> = {};
  for (const { schemaname, tablename } of tables) {
    const name = `"${schemaname}"."${tablename}"`;
    const [row] = await query(
      `select count(*)::int as n, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as h from ${name} t`,
    );
    result[name] = `${row?.n} rows ${row?.h}`;
  }
  return result;
}

/** A donation booked after the backup was taken. */
async function bookDonation(db: Db): Promise<void> {
  const [campaign] = await db.select({ id: schema.campaigns.id }).from(schema.campaigns).limit(1);
  await db.insert(schema.donations).values({
    campaignId: campaign?.id ?? '',
    currencyId: 1,
    amount: 10_000,
    campaignAmount: 10_000,
    reference: 'AFTER-BACKUP',
    status: 1,
    firstName: 'Late',
    lastName: 'Donor',
    email: 'late@letsema.test',
  });
}

describe('PGlite (DATA_DIR)', () => {
  it('restores the snapshot into an empty directory, and refuses to overwrite a database or back up one in use', async () => {
    const source = { kind: 'pglite' as const, dir: join(work, 'source') };
    const client = openPglite(source.dir);
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    await seedDatabase(db as unknown as Db, { demo: true });
    const query: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
    const before = await fingerprint(query);
    const file = join(work, 'backups', backupFileName(source));

    await expect(backupDatabase(source, file)).rejects.toThrow(/in use/);
    await client.close();
    await backupDatabase(source, file);

    const after = openPglite(source.dir);
    await bookDonation(drizzlePglite({ client: after, schema, casing: 'snake_case' }) as unknown as Db);
    expect(
      await fingerprint(async (text) => (await after.query<Record<string, unknown>>(text)).rows),
    ).not.toEqual(before);
    await after.close();

    const target = { kind: 'pglite' as const, dir: join(work, 'restored') };
    await restoreDatabase(target, file);
    await expect(restoreDatabase(target, file)).rejects.toThrow(BackupError);
    const restored = openPglite(target.dir);
    try {
      const restoredPrint = await fingerprint(
        async (text) => (await restored.query<Record<string, unknown>>(text)).rows,
      );
      expect(restoredPrint).toEqual(before);
      expect(Object.keys(restoredPrint)).toContain('"drizzle"."__drizzle_migrations"');
      expect(Object.keys(restoredPrint).length).toBeGreaterThan(20);
    } finally {
      await restored.close();
    }
  }, 180_000);
});

describe.skipIf(postgresMissing)('PostgreSQL (DATABASE_URL)', () => {
  it('restores a pg_dump into a fresh database, without what was booked after it', async () => {
    const server = await startPostgres(postgresBinDir());
    const admin = new pg.Client({ connectionString: server.url });
    const pools: pg.Pool[] = [];
    const open = (name: string) => {
      const pool = new pg.Pool({ connectionString: server.url.replace(/\/postgres$/, `/${name}`) });
      pools.push(pool);
      const query: Query = async (text) => (await pool.query(text)).rows;
      return { url: server.url.replace(/\/postgres$/, `/${name}`), pool, query };
    };
    try {
      await admin.connect();
      await admin.query('CREATE DATABASE source');
      await admin.query('CREATE DATABASE restored');
      const source = open('source');
      const db = drizzlePg({ client: source.pool, schema, casing: 'snake_case' });
      await migratePg(db, { migrationsFolder: MIGRATIONS });
      await seedDatabase(db as unknown as Db, { demo: true });
      const before = await fingerprint(source.query);
      const file = join(work, 'backups', backupFileName({ kind: 'postgres', url: source.url }));
      await backupDatabase({ kind: 'postgres', url: source.url }, file);
      await bookDonation(db as unknown as Db);
      expect(await fingerprint(source.query)).not.toEqual(before);

      const target = open('restored');
      await restoreDatabase({ kind: 'postgres', url: target.url }, file);
      expect(await fingerprint(target.query)).toEqual(before);
      expect(Object.keys(before)).toContain('"drizzle"."__drizzle_migrations"');
      // A database with tables is only replaced when asked to.
      await expect(restoreDatabase({ kind: 'postgres', url: source.url }, file)).rejects.toThrow(/--force/);
      await restoreDatabase({ kind: 'postgres', url: source.url }, file, true);
      expect(await fingerprint(source.query)).toEqual(before);
    } finally {
      for (const pool of pools) await pool.end();
      await admin.end().catch(() => {});
      server.stop();
    }
  }, 180_000);
});
