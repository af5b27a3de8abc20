/**
 * The soak's clock for debit orders (bench/soak/methods.mjs): runs the collections once as of each
 * date given, in order (YYYY-MM-DD, 08:00 in South Africa), in a process of its own on the soak's database,
 * as each server process's background job does (src/lib/server/platform/jobs.ts) when that day
 * comes. The production server has no simulator clock, and the soak cannot wait a month. Two of
 * these at once are two processes claiming the same months: each month must be submitted once.
 * Prints `{"submitted": n}`.
 */
import { collectDueDebitOrders } from '../../src/lib/server/donations/debitOrders';

const dates = process.argv.slice(2);
if (dates.length === 0 || !dates.every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))) {
  console.error('Usage: tsx bench/soak/collectDebitOrders.ts YYYY-MM-DD…');
  process.exit(2);
}
let submitted = 0;
for (const date of dates) submitted += await collectDueDebitOrders(new Date(`${date}T06:00:00Z`));
console.log(JSON.stringify({ submitted }));
process.exit(0);
