/**
 * `npm run admin:create -- email`: makes the account with that address a platform
 * admin (the back office at /admin), or creates one and prints its generated
 * password once. Works on the configured database: PGlite under DATA_DIR, or
 * DATABASE_URL.
 */

import { createOrPromoteAdmin } from '../src/lib/server/admin/createAdmin';
import { closeDb, getDb } from '../src/lib/server/db';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run admin:create -- someone@example.org');
  process.exit(1);
}
try {
  const result = await createOrPromoteAdmin(await getDb(), email);
  if (result.outcome === 'created') {
    console.log(`Created the admin ${result.email}. Password (shown only now): ${result.password}`);
    console.log('They can change it with "Forgot password" on the login page.');
  } else if (result.outcome === 'promoted') {
    console.log(
      `${result.email} is now an admin. They see the back office at /admin after logging in again.`,
    );
  } else {
    console.log(`${result.email} is already an admin.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
