// `npm start`: build when needed, serve, then open the database (migrations and
// seeding run on first use) and print where to go and how to sign in.
import { buildIfNeeded } from './build-if-needed.mjs';

if (!process.argv.includes('--no-build')) buildIfNeeded();

process.env.PORT ??= '4321';
process.env.HOST ??= 'localhost';
process.env.PRINT_DEMO_LOGINS ??= 'true';
refuseDevModeOnNetwork(process.env);
const started = performance.now();
await import(new URL('../server/main.ts', import.meta.url).href);

const { listeningUrl, publicUrlOf } = await import(
  new URL('../src/lib/server/platform/publicUrl.ts', import.meta.url).href
);
// The server's own logger: in development these lines read as text, in JSON they stay one object a line.
const { announce, log } = await import(new URL('../src/lib/server/platform/log.ts', import.meta.url).href);
// Where the server answers (HOST as it is; 0.0.0.0 is reached as localhost), and the site's address:
// PUBLIC_URL, else that same address (src/lib/server/platform/publicUrl.ts).
const url = listeningUrl(process.env.HOST, process.env.PORT);
const health = await firstHealthCheck(`${url}/api/v1/health`);
if (health?.data?.database !== 'ok') {
  log.fatal('The database did not open; see the error above.');
  process.exit(1);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const home = `${publicUrlOf(process.env)}/home`;
announce(`\nLetsema is ready in ${seconds} s: ${home}`, 'Letsema is ready', {
  url: home,
  seconds: Number(seconds),
});

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

/**
 * Development mode (any APP_ENV but production) serves the mail outbox, the payment simulator and
 * demo logins: refuse to listen on a network address for it. The same rule as devOnNetworkProblem
 * in src/lib/server/platform/env.ts, which the server applies again when it loads (for anyone
 * running server/main.ts directly); here it stops before the port is even opened.
 */
function refuseDevModeOnNetwork(e) {
  const host = e.HOST.trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  const v4 = host.startsWith('::ffff:') ? host.slice('::ffff:'.length) : host;
  const loopback =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(v4) ||
    host === '::1' ||
    host === '0:0:0:0:0:0:0:1';
  if (e.APP_ENV === 'production' || e.ALLOW_DEV_ON_NETWORK === 'true' || loopback) return;
  const mode = e.APP_ENV === 'test' ? 'test' : 'development';
  console.error(
    `Refusing to start: APP_ENV is ${mode} (not production) and HOST=${e.HOST} is reachable from the network. ` +
      'Development mode serves the mail outbox, the payment simulator and demo logins. ' +
      'To run it for real set APP_ENV=production (see README "Running it for real"); ' +
      'to share development mode on a trusted network set ALLOW_DEV_ON_NETWORK=true; ' +
      'or leave HOST unset (localhost).',
  );
  process.exit(1);
}
