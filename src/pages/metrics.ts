import type { APIRoute } from 'astro';
import { isLoopbackClient } from '~/lib/server/platform/devTools';
import { mayReadMetrics, metricsExposition } from '~/lib/server/platform/metricsAccess';

/**
 * GET /metrics: this process's Prometheus metrics (issue 28; docs/DEPLOY.md "Metrics"), for a
 * client on this machine or a bearer of METRICS_TOKEN; anyone else gets 401.
 */
export const GET: APIRoute = async (ctx) => {
  if (!mayReadMetrics(isLoopbackClient(ctx), ctx.request.headers.get('authorization'))) {
    return new Response('Unauthorized: /metrics answers this machine, or a bearer of METRICS_TOKEN.\n', {
      status: 401,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'www-authenticate': 'Bearer realm="metrics"',
        'cache-control': 'no-store',
      },
    });
  }
  const { body, contentType } = await metricsExposition();
  return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
};
