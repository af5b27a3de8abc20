import { DEMO_USERS } from '~/lib/server/db/seed/demo-users';

type DemoUserEntry = (typeof DEMO_USERS)[number];
type DemoKey = DemoUserEntry['key'];

/**
 * The demo users' password on the server under test: scripts/test.mjs (or playwright.config.ts
 * when Playwright starts the server) generates it for the run and passes it as DEMO_PASSWORD.
 */
function demoPassword(): string {
  const password = process.env.DEMO_PASSWORD;
  if (!password) throw new Error('DEMO_PASSWORD is not set: run the e2e tests with `npm run test:e2e`.');
  return password;
}

/** A demo user with the password to log in as them. */
export function demoUser(key: DemoKey): DemoUserEntry & { password: string } {
  const user = DEMO_USERS.find((u) => u.key === key);
  if (!user) throw new Error(`No demo user ${key}`);
  return { ...user, password: demoPassword() };
}
