import { findPostgresBinDir } from '../../../scripts/test-support/postgres.mjs';

/**
 * For the unit tests that need a real PostgreSQL server (races PGlite's single connection cannot
 * show, pg_dump). Where PostgreSQL is not installed they are skipped, except in CI (CI=true), where
 * they run and fail, as scripts/test.mjs makes the API's PostgreSQL pass required in CI.
 */
const CI = process.env.CI === 'true' || process.env.CI === '1';

const binDir = findPostgresBinDir();

/** Whether to skip: PostgreSQL is missing and this is not CI. */
export const postgresMissing: boolean = !binDir && !CI;

/** The directory of initdb and pg_ctl; throws (in CI) when there is none. */
export function postgresBinDir(): string {
  if (!binDir)
    throw new Error(
      'CI=true but no PostgreSQL binaries (initdb, pg_ctl) were found: install postgresql or set PG_BINDIR.',
    );
  return binDir;
}
