// bench/CLUSTER.md: what one `npm run bench:cluster` did, on what machine and commit, and its verdict.

const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`]
    .concat(rows.map((r) => `| ${r.join(' | ')} |`))
    .join('\n');
const f1 = (n) => (n === null || n === undefined ? 'n/a' : Number(n).toFixed(1));
const f2 = (n) => (n === null || n === undefined ? 'n/a' : Number(n).toFixed(2));

const VARIABLES = {
  minutes: 'CLUSTER_MINUTES',
  processes: 'CLUSTER_PROCESSES',
  donors: 'CLUSTER_DONORS',
  methodDonors: 'CLUSTER_METHOD_DONORS',
  readers: 'CLUSTER_READERS',
  smtpOutageS: 'CLUSTER_SMTP_OUTAGE_S',
  payfastOutageS: 'CLUSTER_PAYFAST_OUTAGE_S',
  probes: 'CLUSTER_PROBES',
  throughputS: 'CLUSTER_THROUGHPUT_S',
  mailDrainS: 'CLUSTER_MAIL_DRAIN_S',
};

function mailSection(mail, failuresOfMail) {
  const peak = mail.samples.reduce((max, s) => Math.max(max, s.pending), 0);
  if (!mail.queue)
    return `This build has no mail queue (no table \`mail_queue\`): mail is sent inline, so "every mail delivered once after
SMTP returns" cannot be checked yet. The SMTP sink received ${mail.received} mails (${mail.distinctReceived} distinct
Message-IDs); what the outage did to requests shows under the SMTP fault above.`;
  return `Every mail is written to the queue (table \`mail_queue\`) with the change that causes it, and sent from there to the
SMTP server, which was down for ${f1(mail.smtpOutageMs / 1000)} s during the load. After the load the run waits until nothing is
pending, then compares the queue's sent rows with the Message-IDs (\`<{id}@host>\`) the SMTP server received.

${table(
  ['', ''],
  [
    ['mails queued (rows of mail_queue)', String(mail.queue.total)],
    ['sent', String(mail.sent)],
    ['delivered exactly once (the sink got its Message-ID once)', String(mail.deliveredOnce)],
    ['sent but never received', String(mail.missing)],
    ['received more than once (extra copies)', `${mail.duplicated} (${mail.extraCopies})`],
    ['received, not a sent row', String(mail.unknown)],
    ['dead letters', String(mail.dead)],
    ['still pending at the end', String(mail.drain.counts?.pending ?? 'n/a')],
    ['pending rows at most during the run (sampled every 2 s)', `${peak}`],
    [
      'after the load, the queue was empty after',
      mail.drain.drainedAfterMs === null
        ? 'not within the timeout'
        : `${f1(mail.drain.drainedAfterMs / 1000)} s`,
    ],
  ],
)}
${[...failuresOfMail, ...(mail.examples ?? [])].map((f) => `\n- ${f}`).join('')}`;
}

function metricsSection(metrics) {
  if (metrics.processes === 0)
    return `No process served \`/metrics\` on its own port (answers: ${metrics.statuses.join(', ')}).`;
  return `Read from each process's own port after the run (\`GET /metrics\`, loopback), added up over the ${metrics.processes}
processes (the queue gauge: the largest); a process killed during the run counts from its restart. Through nginx
\`/metrics\` answered ${metrics.throughProxy} (DEPLOY.md: nginx refuses it).

${table(
  ['series', 'value'],
  Object.entries(metrics.series).map(([k, v]) => [`\`${k}\``, String(v)]),
)}`;
}

export function clusterReport({
  machine,
  settings,
  defaults,
  run,
  nginxConfig,
  apps,
  unexpectedExits,
  faults,
  answers,
  stats,
  counts,
  verdict,
  losses,
  apiTotal,
  mail,
  metrics,
  probes,
  coherenceLimitMs,
  files,
  throughput,
  exits,
  failures,
}) {
  const command = Object.entries(VARIABLES)
    .filter(([key]) => settings[key] !== defaults[key])
    .map(([key, name]) => `${name}=${settings[key]} `)
    .join('');
  const statuses = Object.entries(stats.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  const measured = probes.filter((p) => p.reads);
  const calm = measured.filter((p) => !p.duringFault);
  const lags = (list, kind) =>
    list.flatMap((p) =>
      p.reads.filter((r) => !kind || r.kind === kind).map((r) => r.lagMs ?? Number.POSITIVE_INFINITY),
    );
  const worst = (values) => (values.length ? Math.max(...values) : null);
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
  };
  const showLag = (v) =>
    v === null ? 'n/a' : v === Number.POSITIVE_INFINITY ? 'never (10 s)' : `${Math.round(v)} ms`;
  const [one, all] = throughput;
  const mailFailures = failures.filter((f) => /mail|dead letter/.test(f));
  return `# The cluster proof

Produced by \`npm run bench:cluster\` (bench/cluster.mjs); every figure below comes from this one run.

- Date: ${machine.date} (the run took ${(run.totalSeconds / 60).toFixed(1)} min in all, ${(run.seconds / 60).toFixed(1)} min of it under load and faults)
- Machine: ${machine.machine}
- Software: Node ${machine.node}, ${machine.postgres}, ${machine.nginx}
- Code: commit ${machine.commit} — ${machine.commitSubject.slice(0, 110)}${machine.commitSubject.length > 110 ? ' …' : ''}
- Deployment (docs/DEPLOY.md): nginx on loopback in front of ${apps.length} app processes (\`node server/main.ts\`, production
  build, \`APP_ENV=production\`, \`TRUSTED_PROXIES=127.0.0.1\`, \`PUBLIC_URL\` nginx's address, shared \`JWT_SECRET\` and
  \`ALTCHA_HMAC_KEY\`, each with its own \`DATA_DIR\`), one throwaway PostgreSQL (scripts/test-support/postgres.mjs), uploaded
  files in an S3 bucket (s3rver, scripts/test-support/s3.mjs), mail to an SMTP server on loopback (bench/lib/smtpSink.mjs,
  \`smtp-server\`); the payment gateways played by the soak's stand-ins (bench/lib/payfastGateway.mjs, moreGateways.mjs)
- Load (through nginx): the soak's (bench/soak/workload.mjs): ${settings.donors} PayFast donors, ${settings.methodDonors} donors by iVeri,
  SnapScan and PayPal card in turn, one donor setting up Paysoft debit orders (collected by a clock in two processes at once),
  one SnapScan poster payer, staff refunds, and ${settings.readers} readers of the campaign's pages, at once

## Verdict

**${failures.length === 0 ? 'Passed' : 'FAILED'}: lost ${losses.lost}, doubled ${losses.doubled}; mail: ${
    mail.queue
      ? `${mail.deliveredOnce} of ${mail.sent} sent delivered exactly once, ${mail.missing} missing, ${mail.extraCopies} extra copies, ${mail.dead} dead`
      : 'not checkable in this build (no mail queue)'
  }; coherence: worst ${showLag(worst(lags(calm)))} outside the faults; throughput ${apps.length} processes / 1: ${f2(all.reads.rps / one.reads.rps)} (reads).**
${failures.map((f) => `\n- ${f}`).join('')}

## How to reproduce

\`\`\`sh
npm install && ${command}npm run bench:cluster      # builds if needed; about ${Math.ceil(run.totalSeconds / 60)} minutes here
\`\`\`

Options (environment): ${Object.entries(VARIABLES)
    .map(([key, name]) => `\`${name}\` (${defaults[key]})`)
    .join(', ')}; \`-- --no-build\`, \`-- --out=FILE\`.
As root it installs nginx with apt-get when it is missing. The journal, nginx's configuration and logs, and every
process's log stay in the folder it prints.

## Faults

${table(
  ['#', 'fault', 'at (s into the load)', 'lasted (s)', 'effect'],
  faults.map((f, i) => [String(i + 1), f.name, f1(f.atS), f1((f.endedAt - f.startedAt) / 1000), f.effect]),
)}

What nginx answered in each fault's window (from its start to ${answers.graceS} s after its end, or to the next fault), from its access log;
"passed on" counts requests nginx sent to another process after the first failed (its \`proxy_next_upstream\`):

${table(
  [
    'window',
    'requests',
    '5xx',
    'passed on (answered)',
    'the 5xx: status, request (what each process tried answered)',
  ],
  [
    ...answers.during.map((a) => [
      a.name,
      String(a.requests),
      String(a.fiveXx),
      `${a.passedOn} (${a.passedOnAndAnswered})`,
      a.byAnswer.map(([k, n]) => `${n}× ${k}`).join('; ') || '–',
    ]),
    [
      'outside every fault',
      String(answers.outside.requests),
      String(answers.outside.fiveXx),
      `${answers.outside.passedOn} (${answers.outside.passedOnAndAnswered})`,
      answers.outside.byAnswer.map(([k, n]) => `${n}× ${k}`).join('; ') || '–',
    ],
  ],
)}

${(() => {
  const kill = answers.during.find((a) => a.name.startsWith('SIGKILL'));
  return kill
    ? `While the process was killed nginx itself answered 502 or 504 to ${kill.gatewayErrorsOther} POST or PATCH requests (the ones the
killed process was answering: nginx does not send those twice, their clients try again) and to ${kill.gatewayErrorsIdempotent} GET or HEAD
requests (nginx passes those on to another process). `
    : '';
})()}A 503 from PayFast's notification endpoint while PayFast's validate call fails is the app asking PayFast to send the ITN
again (it is, and is booked then: see below). The clients' side: answers by status ${statuses}; no answer at all
${stats.connectionErrors} times.

## The load, and what was lost

${table(
  ['', ''],
  [
    ['requests sent through nginx', String(stats.requests)],
    ['donations acknowledged (201)', String(verdict.acknowledgedDonations)],
    [
      'notifications acknowledged (200), replays included: PayFast ITNs, iVeri returns, SnapScan and PayPal webhooks, Paysoft callbacks, SnapScan poster webhooks',
      String(verdict.acknowledgedItns),
    ],
    ['of which replays', String(verdict.acknowledgedReplays)],
    ['notification deliveries retried (not 200 yet, as the gateways retry)', String(counts.retries)],
    ['notifications never acknowledged', String(counts.undelivered + (counts.otherUndelivered ?? 0))],
    ['staff refunds acknowledged', String(verdict.acknowledgedRefunds)],
    [
      'debit orders set up; months paid, unpaid',
      `${verdict.acknowledgedSchedules}; ${counts.byMethod?.paysoft?.paid ?? 0}, ${counts.byMethod?.paysoft?.unpaid ?? 0}`,
    ],
    ['page and API reads', String(counts.reads)],
  ],
)}

Checked against the database directly (pg), from the journal of acknowledged answers written as they came
(bench/soak/verify.mjs):

${table(
  ['check', 'result'],
  [
    ['acknowledged donations (and debit orders, refunds) missing', String(verdict.lostDonations)],
    ['donations stored twice', String(verdict.doubledDonations)],
    [
      'acknowledged notifications whose donation is not Accepted under that gateway id',
      String(verdict.unbookedItns),
    ],
    ['acknowledged notifications not stored as processed', String(verdict.missingNotifications)],
    ['notifications stored twice', String(verdict.doubledNotifications)],
    ['gateway payment ids on two donations', String(verdict.doubledGatewayIds)],
    ['campaigns whose raised counter differs from the ledger', String(verdict.campaignsDrifting.length)],
    [
      "the campaign's public total (through nginx) equals the ledger",
      `${apiTotal.matches ? 'yes' : 'no'} (R ${apiTotal.api.toFixed(2)} shown, R ${apiTotal.ledger.toFixed(2)} in the ledger)`,
    ],
  ],
)}

**lost: ${losses.lost}, doubled: ${losses.doubled}**

## Mail

${mailSection(mail, mailFailures)}

## Metrics

${metricsSection(metrics)}

## Cache coherence

${measured.length} times during the load, the owner renamed a campaign (\`PATCH /api/v1/campaigns/{id}\`) through one process's own
port; then its public page and its API (\`GET /api/v1/campaigns/short/{url}\`) were read from each other process's port
(not through nginx), again and again 10 ms apart, until they showed the new name. Before each change both were read twice
from every reader, so a page was in that reader's page cache ("cached before"; the campaign API answers \`no-store\`, so it
is never kept and always read from the database). The lag runs from the rename's answer to the sending of the first read
that showed the new name (every read sent earlier showed the old one); after it, when that read's answer came, which adds
the time to render a page under this load. The limit is ${coherenceLimitMs} ms on the lag.

${table(
  [
    'probe',
    'at (s)',
    'renamed through',
    'page: lag (answered), slowest reader',
    'API: lag (answered)',
    'cached before',
    'note',
  ],
  probes.map((p) => {
    const of = (kind) => {
      const reads = p.reads.filter((r) => r.kind === kind);
      return `${showLag(worst(reads.map((r) => r.lagMs ?? Number.POSITIVE_INFINITY)))} (${showLag(worst(reads.map((r) => r.answeredMs ?? Number.POSITIVE_INFINITY)))})`;
    };
    return [
      String(p.serial),
      f1(p.atS),
      `process ${p.editor}`,
      p.reads ? of('page') : '–',
      p.reads ? of('API') : '–',
      p.reads
        ? ['page', 'API']
            .map((kind) => {
              const of = p.reads.filter((r) => r.kind === kind);
              return `${kind} ${of.filter((r) => r.cachedBefore).length}/${of.length}`;
            })
            .join(', ')
        : '–',
      p.skipped ?? (p.duringFault ? 'during a process kill or the database restart: not counted' : ''),
    ];
  }),
)}

Outside the faults: lag worst ${showLag(worst(lags(calm)))}, median ${showLag(median(lags(calm)))} (page worst ${showLag(worst(lags(calm, 'page')))}, API worst ${showLag(worst(lags(calm, 'API')))}); the reads that showed it answered within ${showLag(worst(calm.flatMap((p) => p.reads.map((r) => r.answeredMs ?? Number.POSITIVE_INFINITY))))}.${
    measured.length > calm.length
      ? ` During the faults: worst ${showLag(worst(lags(measured.filter((p) => p.duringFault))))}.`
      : ''
  }

**Files from the bucket:** ${
    files.path
      ? `the owner's profile picture, uploaded through process 0, from each process's port: ${files.reads
          .map((r) => `process ${r.process} ${r.status} (${r.size} B)`)
          .join(
            ', ',
          )}: ${files.reads.every((r) => r.same) ? 'the same bytes from every process' : 'NOT the same'}.`
      : `the upload answered ${files.uploaded}.`
  }

## Throughput: one process, then ${apps.length}, through nginx

The same loads for ${settings.throughputS} s each (after a warm-up), through nginx reloaded with one upstream, then all ${apps.length}:
reads (autocannon, 16 connections, each cycling through the campaign page, home, find-campaign and two API reads),
then mixed (the reads on 12 connections while 4 donors give: donation + PayFast notification).

${table(
  [
    'processes',
    'reads/s',
    'p50 (ms)',
    'p99 (ms)',
    'errors',
    'mixed: reads/s',
    'mixed: donations/s',
    'donation p50, p99 (ms)',
    'errors',
  ],
  throughput.map((t) => [
    String(t.processes),
    f1(t.reads.rps),
    String(t.reads.p50),
    String(t.reads.p99),
    String(t.reads.errors),
    f1(t.mixed.reads.rps),
    f2(t.mixed.donationsPerS),
    `${Math.round(t.mixed.donationP50)}, ${Math.round(t.mixed.donationP99)}`,
    String(t.mixed.reads.errors + t.mixed.donationErrors),
  ]),
)}

**Ratio ${apps.length} processes / 1: reads ${f2(all.reads.rps / one.reads.rps)}, mixed reads ${f2(all.mixed.reads.rps / one.mixed.reads.rps)}, donations ${f2(all.mixed.donationsPerS / one.mixed.donationsPerS)}.**
Everything (the load generator, nginx, PostgreSQL and the processes) shares this machine's cores, so more processes
than cores cannot add much here; the ratio says what the processes cost and gain on this machine, not on a larger one.

## The processes at the end
${
  unexpectedExits.length
    ? `\nBesides the faults above, processes ended without the bench ending them, and were started again on their port, as a
supervisor would:\n\n${unexpectedExits
        .map(
          (e) =>
            `- process ${e.process}, ${f1(e.atS)} s into the load: ${
              e.crashed
                ? `**crashed** (${JSON.stringify(e.exit)})`
                : 'stopped from outside the bench (a SIGTERM: it drained its requests and exited 0)'
            }; serving again after ${e.servingAgainAfterMs === null ? 'never' : `${f1(e.servingAgainAfterMs / 1000)} s`} (log ${e.log})`,
        )
        .join('\n')}\n`
    : ''
}
${table(
  ['process', 'port', 'times started', 'exit on SIGTERM at the end'],
  apps.map((a, i) => [
    String(a.index),
    String(a.port),
    String(a.starts),
    exits[i] ? (exits[i].signal ? `signal ${exits[i].signal}` : `code ${exits[i].code}`) : 'n/a',
  ]),
)}

## nginx's configuration in this run

\`\`\`nginx
${nginxConfig.trim()}
\`\`\`
`;
}
