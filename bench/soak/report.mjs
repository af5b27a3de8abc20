// bench/RELIABILITY.md: what one `npm run soak` did, the machine and commit it ran on, and its verdict.

const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`]
    .concat(rows.map((r) => `| ${r.join(' | ')} |`))
    .join('\n');
const s = (ms) => (ms / 1000).toFixed(1);

/** The soak's defaults (bench/soak.mjs): a run with other settings names them in its command. */
const DEFAULTS = { minutes: 8, kills: 6, donors: 12, methodDonors: 3, readers: 4, hostile: 400 };
const VARIABLES = {
  minutes: 'SOAK_MINUTES',
  kills: 'SOAK_KILLS',
  donors: 'SOAK_DONORS',
  methodDonors: 'SOAK_METHOD_DONORS',
  readers: 'SOAK_READERS',
  hostile: 'SOAK_HOSTILE',
};
const shortened = (settings) =>
  Object.entries(VARIABLES)
    .filter(([key]) => settings[key] !== DEFAULTS[key])
    .map(([key, name]) => `${name}=${settings[key]} `)
    .join('');

export function reliabilityReport({
  machine,
  settings,
  run,
  faults,
  counts,
  stats,
  hostile,
  verdict,
  backup,
  apiTotal,
  failures,
}) {
  const minutes = run.seconds / 60;
  const statuses = Object.entries(stats.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  const drain = faults.find((f) => f.signal === 'SIGTERM')?.drain;
  return `# Reliability: the soak run

Produced by \`npm run soak\` (bench/soak.mjs); every figure below comes from this one run.

- Date: ${machine.date} (the run took ${(run.totalSeconds / 60).toFixed(1)} min in all, ${minutes.toFixed(1)} min of it under load)
- Machine: ${machine.machine}
- Software: Node ${machine.node}, ${machine.postgres}
- Code: commit ${machine.commit} — ${machine.commitSubject.slice(0, 110)}${machine.commitSubject.length > 110 ? ' …' : ''}
- Server: \`node server/main.ts\`, production build, \`APP_ENV=production\`, demo data, on a throwaway PostgreSQL
  (scripts/test-support/postgres.mjs); PayFast played by a stand-in on loopback (bench/lib/payfastGateway.mjs)
  that signs each ITN and confirms it on \`/eng/query/validate\`, as PayFast does; iVeri Lite (Query Transaction
  Status), SnapScan (signed webhooks, Payments API) and PayPal (Orders v2 capture, verified webhooks) played by
  stand-ins on loopback too (bench/lib/moreGateways.mjs), paid by card, SnapScan and PayPal card (bench/soak/methods.mjs);
  Paysoft (customer token, debit-order batches, results read-back) played by a stand-in too, its months collected by a
  clock in two processes at once (bench/soak/collectDebitOrders.ts), and SnapScan poster payments (no form: the webhook
  makes the donation)
- Load: ${settings.donors} PayFast donors, ${settings.methodDonors} donors by iVeri, SnapScan and PayPal card in turn, one donor setting up debit orders, one payer by SnapScan poster, and ${settings.readers} readers at once (SOAK_DONORS, SOAK_METHOD_DONORS, SOAK_READERS), ${settings.kills} SIGKILLs and one SIGTERM (SOAK_KILLS), ${settings.hostile} hostile requests (SOAK_HOSTILE)

## Verdict

**${failures.length === 0 ? 'Passed' : 'FAILED'}: lost: ${verdict.lostDonations + verdict.unbookedItns + verdict.missingNotifications}, doubled: ${verdict.doubledDonations + verdict.doubledNotifications + verdict.doubledGatewayIds}, 5xx from hostile input: ${hostile.serverErrors.length}, requests cut by the SIGTERM: ${drain?.failed ?? 'n/a'}.**
${failures.map((f) => `\n- ${f}`).join('')}

## How to reproduce

\`\`\`sh
npm install && ${shortened(settings)}npm run soak      # builds if needed; SOAK_MINUTES (default 8) of load, about ${Math.ceil(run.totalSeconds / 60)} minutes in all here
\`\`\`

Options: \`SOAK_MINUTES\`, \`SOAK_KILLS\` (default 6), \`SOAK_DONORS\` (12), \`SOAK_METHOD_DONORS\` (3), \`SOAK_READERS\` (4), \`SOAK_HOSTILE\` (400),
\`-- --no-build\`, \`-- --out=FILE\`; \`PG_BINDIR\` when PostgreSQL's binaries are elsewhere. Exits 1 on any loss,
double booking, 5xx or cut request. The journal and every server log stay in the folder it prints.

## The load held

| | |
|---|---:|
| requests sent | ${stats.requests} |
| requests per second (average over the run) | ${(stats.requests / run.seconds).toFixed(1)} |
| answers by status | ${statuses} |
| no answer (server down: killed, restarting) | ${stats.connectionErrors} |
| donations acknowledged (201) | ${verdict.acknowledgedDonations} |
| notifications acknowledged (200), replays included: PayFast ITNs, iVeri returns, SnapScan and PayPal webhooks, Paysoft callbacks of paid months, SnapScan poster webhooks | ${verdict.acknowledgedItns} |
| of which replays (the same notification again at once, or much later out of order) | ${verdict.acknowledgedReplays} |
| of which by iVeri, SnapScan or PayPal card (payments booked; their replays) | ${counts.otherMethods ?? 0}; ${counts.otherReplays ?? 0} |
| notification deliveries retried (no answer or not 200, as the gateways retry) | ${counts.retries} |
| notifications never acknowledged | ${counts.undelivered + (counts.otherUndelivered ?? 0)} |
| page and API reads | ${counts.reads} |
| donations per second (each with its notification) | ${(verdict.acknowledgedDonations / run.seconds).toFixed(2)} |
${
  stats.byStatus[429]
    ? `
429 answers: every donor of the soak gives through the one demo donor account, whose donations are limited per 10 minutes
(src/lib/server/platform/rateLimit.ts \`donationAccount\`, times RATE_LIMIT_FACTOR, 1000 here); past it the donors wait a second
and try again, as the limit asks.
`
    : ''
}
## By method

${table(
  ['method', 'payments acknowledged', 'replays acknowledged', 'checked at the end'],
  [
    [
      'PayFast (ITNs)',
      String(counts.itns ?? 0),
      String((counts.replays ?? 0) + (counts.lateReplays ?? 0)),
      'donation Accepted under its pf_payment_id, the ITN stored once',
    ],
    ...['iveri', 'snapscan', 'paypalCard'].map((name) => [
      {
        iveri: 'iVeri card (returns)',
        snapscan: 'SnapScan once-off (webhooks)',
        paypalCard: 'PayPal card (webhooks)',
      }[name],
      String(counts.byMethod?.[name]?.payments ?? 0),
      String(counts.byMethod?.[name]?.replays ?? 0),
      'donation Accepted under the gateway id, stored once',
    ]),
    [
      'Paysoft debit orders (callbacks)',
      `${counts.byMethod?.paysoft?.orders ?? 0} debit orders set up; ${counts.byMethod?.paysoft?.submitted ?? 0} months submitted by ${counts.byMethod?.paysoft?.collectionRuns ?? 0} collection runs (two at a time); ${counts.byMethod?.paysoft?.paid ?? 0} paid, ${counts.byMethod?.paysoft?.unpaid ?? 0} unpaid`,
      String(counts.byMethod?.paysoft?.replays ?? 0),
      'each debit order once; a paid month Accepted under its transaction, an unpaid one Rejected, each result stored once',
    ],
    [
      'SnapScan poster payments (webhooks)',
      String(counts.byMethod?.snapscanPoster?.payments ?? 0),
      String(counts.byMethod?.snapscanPoster?.replays ?? 0),
      'one donation per payment, Accepted under its payment id',
    ],
    [
      'staff refunds (bank refunds, whole or a third; each pressed again)',
      String(counts.refunds ?? 0),
      String(counts.refundReplays ?? 0),
      'each idempotency key booked once, Completed; no donation refunded beyond its gift; totals net of refunds',
    ],
  ],
)}

## Faults injected

${table(
  ['#', 'signal', 'at (s into the load)', 'exit', 'exited after (ms)', 'serving again after (s)'],
  faults.map((f, i) => [
    String(i + 1),
    f.signal,
    s(f.atMs),
    f.exit.signal ? `signal ${f.exit.signal}` : `code ${f.exit.code}`,
    String(f.exitedAfterMs),
    s(f.recoveredAfterMs),
  ]),
)}

"Serving again" runs from the signal to the new process's first healthy answer (a fresh process: the
build loaded, migrations checked, the database pool and LISTEN connection opened).

**SIGTERM drain:** ${
    drain
      ? `${drain.inFlight} requests were in flight when it was sent; ${drain.completed} finished with their answer, ${drain.refusedWithRetry} were told 503 with Retry-After (they had not reached the server yet), ${drain.failed} failed${drain.failures.length ? ` (${drain.failures.join(', ')})` : ''}.`
      : 'not run.'
  }

## Inputs tried

${hostile.sent} hostile requests during the load, over ${hostile.routes} API routes and methods (all but DELETE, logout and uploads),
signed in as a demo user: path parameters, query and JSON bodies from the corpus of tests/support/hostileValues.ts (NUL and
control characters, lone surrogates, bidi marks, strings up to 20 000 characters, extreme numbers, far dates, prototype keys,
deep nesting, SQL- and path-like text). Answers: ${Object.entries(hostile.byStatus)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')}. **5xx: ${hostile.serverErrors.length}**${
    hostile.serverErrors.length
      ? `\n\n${hostile.serverErrors
          .slice(0, 10)
          .map((e) => `- \`${e}\``)
          .join('\n')}`
      : ''
  }.

## What was lost

Checked at the end against the database directly (pg), from the journal of acknowledged answers written as they came:

| check | result |
|---|---:|
| acknowledged donations missing | ${verdict.lostDonations} |
| donations stored twice (same reference) | ${verdict.doubledDonations} |
| acknowledged notifications whose donation is not Accepted with that gateway payment id | ${verdict.unbookedItns} |
| acknowledged notifications not stored as processed | ${verdict.missingNotifications} |
| notifications stored twice | ${verdict.doubledNotifications} |
| gateway payment ids on two donations | ${verdict.doubledGatewayIds} |
| campaigns whose raised counter differs from the ledger recount | ${verdict.campaignsDrifting.length} |
| the campaign's public total (API) equals the ledger | ${apiTotal.matches ? 'yes' : 'no'} (R ${apiTotal.api.toFixed(2)} shown, R ${apiTotal.ledger.toFixed(2)} in the ledger) |

**lost: ${verdict.lostDonations + verdict.unbookedItns + verdict.missingNotifications}, doubled: ${verdict.doubledDonations + verdict.doubledNotifications + verdict.doubledGatewayIds}**

## Backup and restore

After the load, \`npm run db:backup\` (pg_dump, custom format) of the soak's database and \`npm run db:restore\`
into a new empty database: ${backup.tables} tables, ${backup.rows} rows, ${backup.matches ? '**identical**' : '**DIFFERENT**'} (row count and md5 over the
ordered rows of every table, the migration journal included). Backup ${s(backup.backupMs)} s (${(backup.bytes / 1024).toFixed(0)} KB), restore ${s(backup.restoreMs)} s.
`;
}
