// `npm start`: build when needed, serve, then open the database (migrations and
// seeding run on first use) and print where to go and how to sign in.
import { readFileSync } from 'node:fs';
import { buildIfNeeded } from './build-if-needed.mjs';

if (!process.argv.includes('--no-build')) buildIfNeeded();

process.env.PORT ??= '4321';
process.env.HOST ??= 'localhost';
const started = performance.now();
await import(new URL('../dist/server/entry.mjs', import.meta.url).href);

const url = `http://${process.env.HOST}:${process.env.PORT}`;
const health = await fetch(`${url}/api/v1/health`).then((r) => r.json(), () => null);
if (health?.data?.database !== 'ok') {
  console.error('The database did not open; see the error above.');
  process.exit(1);
}
const logins = JSON.parse(readFileSync(new URL('../src/lib/server/db/seed/demo-logins.json', import.meta.url), 'utf8'));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nLetsema is ready in ${seconds} s: ${process.env.PUBLIC_URL ?? url}/home`);
if (process.env.SEED_DEMO !== 'false') {
  console.log('Demo logins:');
  for (const { role, email, password } of logins) console.log(`  ${role.padEnd(16)} ${email}  /  ${password}`);
}
