// `npm start`: build when needed, serve, then open the database (migrations and
// seeding run on first use) and print where to go and how to sign in.
import { buildIfNeeded } from './build-if-needed.mjs';

if (!process.argv.includes('--no-build')) buildIfNeeded();

process.env.PORT ??= '4321';
process.env.HOST ??= 'localhost';
process.env.PRINT_DEMO_LOGINS ??= 'true';
const started = performance.now();
await import(new URL('../dist/server/entry.mjs', import.meta.url).href);

const url = `http://${process.env.HOST}:${process.env.PORT}`;
const health = await firstHealthCheck(`${url}/api/v1/health`);
if (health?.data?.database !== 'ok') {
  console.error('The database did not open; see the error above.');
  process.exit(1);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nLetsema is ready in ${seconds} s: ${process.env.PUBLIC_URL ?? url}/home`);

// The server starts listening just after its module loads; the first health check opens the database.
async function firstHealthCheck(healthUrl) {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      return await (await fetch(healthUrl)).json();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return null;
}
