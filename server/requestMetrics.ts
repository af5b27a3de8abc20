// Every request's duration into http_request_duration_seconds, whoever answers it: a static file,
// the page cache, or Astro. The route label is a route pattern (/campaign/[url]), never a path, so
// the series stay few: 'static' for the built assets, the cached page's pattern for a cache hit,
// and for Astro the pattern its middleware reports into the request's RouteLabel.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { metrics } from '../src/lib/server/platform/metrics.ts';

/** Filled in while the request is answered; read when the answer is finished. */
export interface RouteLabel {
  route: string;
}

/** The label of a request no route took (refused before routing, or a malformed address). */
export const UNROUTED = 'none';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Starts timing a request; its duration is recorded when the answer is finished or cut. */
export function timeRequest(req: IncomingMessage, res: ServerResponse): RouteLabel {
  const label: RouteLabel = { route: UNROUTED };
  const started = process.hrtime.bigint();
  let recorded = false;
  const record = () => {
    if (recorded) return;
    recorded = true;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const method = METHODS.has(req.method ?? '') ? (req.method as string) : 'OTHER';
    metrics.httpRequestDuration.observe(
      { route: label.route, method, status: String(res.statusCode) },
      seconds,
    );
  };
  res.once('finish', record);
  res.once('close', record);
  return label;
}
