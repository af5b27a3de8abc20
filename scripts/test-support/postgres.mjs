// A throwaway PostgreSQL server for the API suite: initdb in a temporary
// directory, pg_ctl start on a free loopback port, stop and delete afterwards.
// As root it runs everything as the `postgres` user (initdb refuses root).
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPgBinDir } from '../../src/lib/server/db/pgBinaries.ts';
import { freePort, tailOf } from './server.mjs';

/** The directory holding initdb and pg_ctl (src/lib/server/db/pgBinaries.ts), or null. */
export function findPostgresBinDir() {
  return findPgBinDir(['initdb', 'pg_ctl']);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function postgresIds() {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(
      'Running as root, but there is no `postgres` user to run PostgreSQL as (initdb refuses root).',
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The command and arguments that run a PostgreSQL binary, as the postgres user when we are root. */
function pgCommand(binDir, tool, args) {
  return isRoot
    ? ['runuser', ['-u', 'postgres', '--', join(binDir, tool), ...args]]
    : [join(binDir, tool), args];
}

/** Runs a PostgreSQL binary, as the postgres user when we are root; throws with its output on failure. */
function runPg(binDir, tool, args, cwd) {
  const [command, fullArgs] = pgCommand(binDir, tool, args);
  const result = spawnSync(command, fullArgs, { cwd, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
    throw new Error(`${tool} ${args.join(' ')} failed (exit ${result.status}):\n${output.trim()}`);
  }
  return result;
}

/**
 * @typedef {object} RunningPostgres
 * @property {string} url  postgres://postgres@127.0.0.1:PORT/postgres (trust authentication)
 * @property {string} dir  the temporary directory holding the cluster, its socket and log
 * @property {() => void} stop  stops the server and deletes the directory; safe to call twice, and synchronous so it also works in an exit handler
 * @property {(mode?: 'smart' | 'fast' | 'immediate') => Promise<number>} restart  `pg_ctl restart -m mode` (default fast) on the
 *   same port and settings, waiting until it accepts connections again; resolves the milliseconds it took. Asynchronous, so
 *   the caller's own clients keep running meanwhile (npm run bench:cluster)
 */

/**
 * Starts a fresh PostgreSQL cluster. Fast, unsafe settings (fsync off): it
 * only ever holds test data.
 * @param {string} binDir  from findPostgresBinDir()
 * @returns {Promise<RunningPostgres>}
 */
export async function startPostgres(binDir) {
  const dir = mkdtempSync(join(tmpdir(), 'letsema-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  if (isRoot) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (started) {
      try {
        runPg(binDir, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], dir);
      } catch (error) {
        console.error(String(error));
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    runPg(
      binDir,
      'initdb',
      [
        '-D',
        dataDir,
        '-A',
        'trust',
        '-U',
        'postgres',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
        '--no-instructions',
      ],
      dir,
    );
    const port = await freePort();
    const serverOptions = [
      `-p ${port}`,
      '-h 127.0.0.1',
      `-k ${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    started = true;
    try {
      runPg(
        binDir,
        'pg_ctl',
        ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start'],
        dir,
      );
    } catch (error) {
      throw new Error(
        `${error instanceof Error ? error.message : error}\nPostgreSQL log:\n${tailOf(logFile)}`,
      );
    }
    const restart = (mode = 'fast') =>
      new Promise((resolve, reject) => {
        const began = performance.now();
        // pg_ctl restart reuses the options the server was started with (postmaster.opts).
        const [command, args] = pgCommand(binDir, 'pg_ctl', [
          '-D',
          dataDir,
          '-l',
          logFile,
          '-m',
          mode,
          '-w',
          '-t',
          '60',
          'restart',
        ]);
        const child = spawn(command, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        child.on('error', reject);
        child.on('exit', (code) => {
          if (code === 0) resolve(Math.round(performance.now() - began));
          else
            reject(new Error(`pg_ctl restart failed (exit ${code}):\n${output.trim()}\n${tailOf(logFile)}`));
        });
      });
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir, stop, restart };
  } catch (error) {
    stop();
    throw error;
  }
}
