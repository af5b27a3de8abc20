// The app processes of npm run bench:cluster: `node server/main.ts` on fixed loopback ports (nginx's
// upstream list names them), each with its own DATA_DIR as on separate machines, one PostgreSQL, one
// bucket, one mail server. The first starts alone (it migrates and seeds), then the others, as
// docs/DEPLOY.md §3 says. A killed process is started again on its port. A process that ends when the
// bench did not end it is started again too, as a supervisor would, and recorded: a crash (an exit
// code other than 0, or a signal) fails the run; a clean stop (a SIGTERM from elsewhere on the
// machine, drained and exit 0) is reported as what it was.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startServer } from '../../scripts/test-support/server.mjs';

/**
 * @typedef {{ index: number, port: number, baseUrl: string, server: import('../../scripts/test-support/server.mjs').RunningServer,
 *   starts: number }} App
 */

/** Whether `port` can be listened on at 127.0.0.1 right now. */
function isFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * `count` distinct free loopback ports for the processes, below the kernel's range for outgoing
 * connections (as a deployment's 4001…): while a killed process restarts, its port must not be
 * taken as the source port of some connection.
 */
export async function pickPorts(count) {
  const ports = [];
  for (let tries = 0; ports.length < count; tries++) {
    if (tries > 1000) throw new Error('no free port between 20000 and 32000');
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (!ports.includes(port) && (await isFree(port))) ports.push(port);
  }
  return ports;
}

/**
 * @param {{ ports: number[], databaseUrl: string, env: Record<string, string>, runDir: string }} options
 */
export async function startApps({ ports, databaseUrl, env, runDir }) {
  /** Exits the bench did not cause: { process, at, exit, log, crashed, servingAgainAfterMs }. */
  const unexpectedExits = [];
  const expected = new Set();
  let stopping = false;
  /** @type {App[]} */
  const apps = [];
  const launch = async (index, starts) => {
    const server = await startServer({
      databaseUrl,
      port: ports[index],
      dataDir: join(runDir, `data-${index}`),
      env,
      logFile: join(runDir, `app-${index}-${starts}.log`),
    });
    void server.exited.then((exit) => supervise(index, server, exit));
    return server;
  };
  async function supervise(index, server, exit) {
    if (expected.has(server) || stopping) return;
    const at = Date.now();
    const crashed = exit.code !== 0;
    const record = { process: index, at, exit, log: server.logFile, crashed, servingAgainAfterMs: null };
    unexpectedExits.push(record);
    console.warn(
      `process ${index} ${crashed ? 'crashed' : 'was stopped from outside the bench'}: ${JSON.stringify(exit)} (log ${server.logFile}); starting it again`,
    );
    const app = apps[index];
    if (!app || app.server !== server) return;
    expected.add(server);
    app.starts += 1;
    try {
      app.server = await launch(index, app.starts);
      record.servingAgainAfterMs = Date.now() - at;
    } catch (error) {
      console.warn(
        `process ${index} could not be started again: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  const first = await launch(0, 0);
  apps.push({ index: 0, port: ports[0], baseUrl: first.baseUrl, server: first, starts: 0 });
  const rest = await Promise.all(ports.slice(1).map((_, i) => launch(i + 1, 0)));
  for (const [i, server] of rest.entries())
    apps.push({ index: i + 1, port: ports[i + 1], baseUrl: server.baseUrl, server, starts: 0 });
  for (const app of apps)
    if (app.server.health?.status !== 200)
      throw new Error(
        `process ${app.index} is unhealthy: ${app.server.health?.status} ${app.server.health?.body}`,
      );

  return {
    apps,
    ports,
    unexpectedExits,
    /**
     * SIGKILL process `index`, wait for it to die, start it again on its port. Resolves how it ended
     * and when it answered again (ms from the kill).
     */
    async kill(index) {
      const app = apps[index];
      const sentAt = performance.now();
      expected.add(app.server);
      app.server.child.kill('SIGKILL');
      const exit = await app.server.exited;
      const exitedAfterMs = Math.round(performance.now() - sentAt);
      await app.server.stop();
      app.starts += 1;
      app.server = await launch(index, app.starts);
      return { exit, exitedAfterMs, recoveredAfterMs: Math.round(performance.now() - sentAt) };
    },
    /** SIGTERM to each (they drain), resolving each exit. */
    async stopAll() {
      stopping = true;
      return Promise.all(
        apps.map(async (app) => {
          expected.add(app.server);
          await app.server.stop();
          return app.server.exited;
        }),
      );
    },
  };
}
