// A burst of hostile input against the live server while it is under load: every API route and
// method read from the source (tests/support/apiRoutes.ts), its path parameters, query and body
// filled with values from the hostile-input corpus (tests/support/hostileValues.ts). Any 5xx
// (other than a 503 asking to retry while the server restarts) is a failure.
import fc from 'fast-check';
import { listApiRoutes } from '../../tests/support/apiRoutes.ts';
import { hostileValue } from '../../tests/support/hostileValues.ts';

const FIELDS = [
  'amount',
  'email',
  'firstName',
  'name',
  'campaignUrl',
  'currencyId',
  'pageNo',
  'id',
  'url',
  'comment',
];
/** Routes that would end the burst's own session or need a file upload to mean anything. */
const SKIPPED = /logout|\/files\b|upload/;

const json = (value) => {
  try {
    return JSON.stringify(value ?? null);
  } catch {
    return String(value);
  }
};
/** Every byte percent-encoded (encodeURIComponent throws on a lone surrogate; UTF-8 turns it into U+FFFD). */
const percent = (value) =>
  [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const text = (value) => {
  try {
    return String(typeof value === 'object' ? json(value) : value).slice(0, 2000);
  } catch {
    return String(typeof value);
  }
};

export async function hostileBurst({ server, client, token, count, seed = 14 }) {
  const routes = listApiRoutes().filter((r) => r.method !== 'DELETE' && !SKIPPED.test(r.pattern));
  const values = fc.sample(hostileValue(20_000), { numRuns: count * 2, seed });
  const result = { sent: 0, byStatus: {}, serverErrors: [], unanswered: 0, routes: routes.length };
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      const route = routes[i % routes.length];
      const value = values[(i * 2) % values.length];
      const other = values[(i * 2 + 1) % values.length];
      const path = route.pattern.replace(/\[\.{0,3}[^\]]+\]/g, () => percent(text(value)));
      const query = `?keyword=${percent(text(other))}&pageNo=${percent(text(value))}`;
      const method = route.method === 'ALL' ? 'POST' : route.method;
      const body =
        method === 'GET'
          ? undefined
          : i % 3 === 0
            ? json(value)
            : json({ [FIELDS[i % FIELDS.length]]: value, [FIELDS[(i + 3) % FIELDS.length]]: other });
      const answer = await client.send(`${server.baseUrl}${path}${query}`, {
        method,
        body,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` },
      });
      result.sent += 1;
      result.byStatus[answer.status] = (result.byStatus[answer.status] ?? 0) + 1;
      if (answer.status === 0) result.unanswered += 1;
      else if (answer.status >= 500 && !(answer.status === 503 && answer.retryAfter))
        result.serverErrors.push(
          `${method} ${route.pattern} → ${answer.status}: ${answer.text.slice(0, 160)}`,
        );
    }
  }
  await Promise.all(Array.from({ length: 6 }, () => worker()));
  return result;
}
