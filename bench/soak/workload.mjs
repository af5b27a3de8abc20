// The soak's whole load, started at once: PayFast donors and readers (load.mjs), donors by iVeri,
// SnapScan and PayPal card, monthly debit orders collected by a clock in two processes, SnapScan
// poster payments (methods.mjs) and staff refunds (refunds.mjs). Shared by npm run soak (one server
// it kills and restarts) and npm run bench:cluster (three servers behind nginx): `server.baseUrl` is
// read on every request, so the caller may point it elsewhere at any time. `db` is a pg Pool (it
// reconnects after PostgreSQL restarts); a query that fails is tried again on the next turn.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { nodeBinary, ROOT } from '../../scripts/test-support/server.mjs';
import { CAMPAIGN } from '../lib/routes.mjs';
import { runLoad } from './load.mjs';
import { runDebitOrders, runMethodDonors, runPosterPayments } from './methods.mjs';
import { runRefunds } from './refunds.mjs';

/**
 * @param {{ server: { baseUrl: string }, client: ReturnType<import('./client.mjs').createClient>,
 *   journal: ReturnType<import('./journal.mjs').openJournal>,
 *   gateway: Awaited<ReturnType<typeof import('../lib/payfastGateway.mjs').startPayfastGateway>>,
 *   moreGateways: Awaited<ReturnType<typeof import('../lib/moreGateways.mjs').startMoreGateways>>,
 *   token: () => string, db: import('pg').Pool, campaignId: string, password: string,
 *   donors: number, methodDonors: number, readers: number, until: () => boolean,
 *   collect: (dates: string[]) => Promise<number> }} options
 * @returns {{ counts: Record<string, any>, done: Promise<void> }}
 */
export function startWorkload({
  server,
  client,
  journal,
  gateway,
  moreGateways,
  token,
  db,
  campaignId,
  password,
  donors,
  methodDonors,
  readers,
  until,
  collect,
}) {
  const load = runLoad({ server, client, journal, gateway, token, donors, readers, until });
  const common = { server, client, journal, until, counts: load.counts };
  const others = [
    runMethodDonors({ ...common, gateways: moreGateways, token, donors: methodDonors }),
    runDebitOrders({
      ...common,
      gateways: moreGateways,
      token,
      campaign: CAMPAIGN,
      collect,
      dueDates: () =>
        db
          .query(
            'select distinct next_deduction_date::text as date from recurring_donations where payment_method = 7 and status = 0 and next_deduction_date is not null order by 1 limit 3',
          )
          .then((result) => result.rows.map((r) => r.date))
          .catch(() => []),
    }),
    runPosterPayments({ ...common, gateways: moreGateways, campaignId }),
    runRefunds({ ...common, db, password, campaignId }),
  ];
  return { counts: load.counts, done: Promise.all([load.done, ...others]).then(() => {}) };
}

/**
 * The debit-order collections as of each of the dates given, run once in a process of its own on
 * the database (bench/soak/collectDebitOrders.ts) with the servers' settings; resolves to how many
 * months it submitted (0 when it failed: the next tick tries again).
 * @param {{ env: Record<string, string>, databaseUrl: string, dataDir: string, publicUrl: () => string,
 *   log: (message: string) => void }} options
 * @returns {(dates: string[]) => Promise<number>}
 */
export function debitOrderCollector({ env, databaseUrl, dataDir, publicUrl, log }) {
  return (dates) =>
    new Promise((resolve) => {
      const child = spawn(
        nodeBinary(),
        [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'bench/soak/collectDebitOrders.ts', ...dates],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            ...env,
            NODE_ENV: 'production',
            BACKGROUND_JOBS: 'false',
            PUBLIC_URL: publicUrl(),
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        out += chunk;
      });
      child.on('exit', (code) => {
        const submitted = /\{"submitted":(\d+)\}/.exec(out);
        if (code !== 0 || !submitted)
          log(`debit-order collection for ${dates.join(', ')} failed (exit ${code}): ${out.slice(-300)}`);
        resolve(submitted ? Number(submitted[1]) : 0);
      });
    });
}
