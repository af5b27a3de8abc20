import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { dataPath, env } from '~/lib/server/platform/env';
import { DEMO_USERS } from './demo-users';

/**
 * The demo users' passwords. None is written in the code (a published password is anyone's
 * admin login): each database is seeded with new random ones, kept for the developer in
 * DATA_DIR/demo-logins.json (owner-only) and printed by `npm start`. An in-memory database
 * gets new ones on every start and keeps them in this process only. A test runner sets
 * DEMO_PASSWORD for its own throwaway databases.
 */

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

export const DEMO_LOGINS_FILE = 'demo-logins.json';

let remembered: DemoLogin[] | null = null;

/** 96 random bits; the prefix says what it is when it turns up in a password manager. */
const newPassword = (): string => `demo-${randomBytes(12).toString('base64url')}`;

const loginsWith = (password: (email: string) => string): DemoLogin[] =>
  DEMO_USERS.map((u) => ({ role: u.role, email: u.email, password: password(u.email) }));

/** The logins to seed a database with: DEMO_PASSWORD for each when set, else new random ones. */
export function newDemoLogins(): DemoLogin[] {
  return loginsWith(() => env.demoPassword ?? newPassword());
}

const inMemory = (): boolean => env.databaseUrl === 'memory://';

/** Keeps the logins a database was seeded with: in this process, and in DATA_DIR unless in memory. */
export function rememberDemoLogins(logins: DemoLogin[]): void {
  remembered = logins;
  if (inMemory()) return;
  const file = dataPath(DEMO_LOGINS_FILE);
  writeFileSync(file, `${JSON.stringify({ logins }, null, 2)}\n`, { mode: 0o600 });
  // The mode above applies only when the file is created: an older file gets it too.
  chmodSync(file, 0o600);
}

function isLogin(value: unknown): value is DemoLogin {
  if (!value || typeof value !== 'object') return false;
  const { role, email, password } = value as Record<string, unknown>;
  return typeof role === 'string' && typeof email === 'string' && typeof password === 'string';
}

/** The logins last seeded: this process's, else DATA_DIR's file, else DEMO_PASSWORD's; empty when unknown. */
export function rememberedDemoLogins(): DemoLogin[] {
  if (remembered) return remembered;
  if (!inMemory()) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(dataPath(DEMO_LOGINS_FILE), 'utf8'));
      const logins = (parsed as { logins?: unknown })?.logins;
      if (Array.isArray(logins) && logins.every(isLogin)) return logins;
    } catch {
      // No file yet (or not readable): the passwords are unknown here.
    }
  }
  const password = env.demoPassword;
  return password ? loginsWith(() => password) : [];
}
