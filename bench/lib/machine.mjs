// Where and on what the figures were taken: a figure without its machine and commit means little.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { findPostgresBinDir } from '../../scripts/test-support/postgres.mjs';
import { nodeBinary, ROOT } from '../../scripts/test-support/server.mjs';
import { CHROMIUM_PATH } from './chromium.mjs';

function output(command, args) {
  try {
    return execFileSync(command, args, {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

const versionOf = (pkg) =>
  JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;

export function describeMachine() {
  const pgBin = findPostgresBinDir();
  const dirty = output('git', ['status', '--porcelain']) !== '';
  return {
    date: new Date().toISOString(),
    machine: `${availableParallelism()} cores (nproc), ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory, ${type()} ${release()}`,
    node: output(nodeBinary(), ['--version']),
    chromium: output(CHROMIUM_PATH, ['--version']).split('\n').pop() ?? 'unknown',
    postgres: pgBin ? output(join(pgBin, 'postgres'), ['--version']) : 'not found',
    tools: `lighthouse ${versionOf('lighthouse')}, autocannon ${versionOf('autocannon')}, @playwright/test ${versionOf('@playwright/test')}`,
    commit: `${output('git', ['rev-parse', '--short', 'HEAD'])}${dirty ? ' (with uncommitted changes in the working tree)' : ''}`,
    commitSubject: output('git', ['log', '-1', '--format=%s']),
  };
}
