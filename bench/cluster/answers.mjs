// What nginx answered during each fault of npm run bench:cluster, from its JSON access log: the
// requests, the 5xx (and which process answered them, or that none did), and the requests it passed
// on to another process after the first failed ($upstream_status lists every attempt: "502, 200").

/** Whether nginx tried more than one process for this request. */
const passedOn = (entry) => entry.us.includes(',');

function tally(entries) {
  const fiveXx = entries.filter((e) => e.s >= 500);
  const byAnswer = {};
  for (const e of fiveXx) {
    const key = `${e.s} ${e.m} ${e.u.replace(/\/[0-9a-f-]{36}/g, '/{id}')} (upstream ${e.us || '-'})`;
    byAnswer[key] = (byAnswer[key] ?? 0) + 1;
  }
  // nginx's own 502 and 504 (no process answered), for requests it may send again and for those it may not.
  const gatewayErrors = fiveXx.filter((e) => e.s === 502 || e.s === 504);
  return {
    requests: entries.length,
    fiveXx: fiveXx.length,
    gatewayErrorsIdempotent: gatewayErrors.filter((e) => e.m === 'GET' || e.m === 'HEAD').length,
    gatewayErrorsOther: gatewayErrors.filter((e) => e.m !== 'GET' && e.m !== 'HEAD').length,
    passedOn: entries.filter(passedOn).length,
    passedOnAndAnswered: entries.filter((e) => passedOn(e) && e.s < 500).length,
    byAnswer: Object.entries(byAnswer)
      .sort(([, a], [, b]) => b - a)
      .slice(0, 8),
  };
}

/**
 * @param {Array<{ t: number, m: string, u: string, s: number, ua: string, us: string }>} log  nginx's access log
 * @param {Array<{ name: string, startedAt: number, endedAt: number }>} faults  epoch ms
 * @param {{ from: number, to: number, graceMs: number }} span  the load's span (epoch ms); a fault's
 *   window runs from its start to `graceMs` after its end (requests in flight, clients catching up),
 *   or to the next fault's start if that comes first
 */
export function answersByFault(log, faults, { from, to, graceMs }) {
  const inLoad = log.filter((e) => e.t * 1000 >= from && e.t * 1000 <= to);
  // The grace never reaches into the next fault: each request is counted under one fault at most.
  const nextStart = (f) =>
    Math.min(
      ...faults.filter((g) => g.startedAt > f.startedAt).map((g) => g.startedAt),
      Number.POSITIVE_INFINITY,
    );
  const windowOf = (f) => [f.startedAt, Math.min(f.endedAt + graceMs, nextStart(f))];
  const inside = (e, [a, b]) => e.t * 1000 >= a && e.t * 1000 <= b;
  const during = faults.map((f) => ({
    name: f.name,
    ...tally(inLoad.filter((e) => inside(e, windowOf(f)))),
  }));
  const outside = tally(inLoad.filter((e) => !faults.some((f) => inside(e, windowOf(f)))));
  return { during, outside, all: tally(inLoad), graceS: graceMs / 1000 };
}
