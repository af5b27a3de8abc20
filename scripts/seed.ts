/**
 * `npm run db:seed`: opens the database (which migrates and seeds it), prints
 * what is in it and who can log in, then closes it.
 */
import { count } from 'drizzle-orm';
import { closeDb, getDb } from '../src/lib/server/db';
import { campaigns, donations, organisations, users } from '../src/lib/server/db/schema';
import { demoLoginsTable, findDemoLogins } from '../src/lib/server/db/seed';
import { env } from '../src/lib/server/platform/env';

const started = performance.now();
const db = await getDb();
const [[u], [o], [c], [d]] = await Promise.all([
  db.select({ n: count() }).from(users),
  db.select({ n: count() }).from(organisations),
  db.select({ n: count() }).from(campaigns),
  db.select({ n: count() }).from(donations),
]);
const where = env.databaseUrl.replace(/\/\/[^@]*@/, '//…@') || 'PGlite in DATA_DIR';
const ms = Math.round(performance.now() - started);
console.log(
  `Database ready (${where}) in ${ms} ms: ${u?.n ?? 0} users, ${o?.n ?? 0} organisations, ` +
    `${c?.n ?? 0} campaigns, ${d?.n ?? 0} donations.`,
);
const logins = await findDemoLogins(db);
if (logins.length > 0) console.log(demoLoginsTable(logins));
await closeDb();
