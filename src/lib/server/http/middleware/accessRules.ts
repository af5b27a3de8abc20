import type { MiddlewareHandler } from 'astro';
import { requireAdmin, requireUser } from '~/lib/server/accounts/session';
import { forbidden, notFound } from '~/lib/server/http/errors';
import { accessRuleFor, isDeclaredRoute } from '~/lib/server/http/routeAccess';
import { log } from '~/lib/server/platform/log';

const API_ROUTE = /^\/api\//;

/**
 * Holds every /api/ request to its route's declared rule (routeAccess.ts) before the handler runs:
 * no valid token is a 401 for any route that is not public (an expired one says so), a non-admin
 * is a 403 on the back office. Owner checks stay in the services, which know the resource. A route
 * with no rule never runs: a method the route does not declare is the 404 any unknown method gets;
 * a route nobody declared is refused and logged, so a forgotten rule fails closed.
 * Runs inside apiErrors, which turns what is thrown here into the envelope.
 */
export const accessRules: MiddlewareHandler = async (ctx, next) => {
  const { pathname } = ctx.url;
  // Pages (and a path Astro matched to no API route, e.g. the site's catch-all) are not API routes.
  if (!pathname.startsWith('/api/') || !API_ROUTE.test(ctx.routePattern)) return next();
  const method = ctx.request.method;
  const rule = accessRuleFor(method, ctx.routePattern);
  if (!rule) {
    if (isDeclaredRoute(ctx.routePattern)) throw notFound(`No API endpoint at ${method} ${pathname}.`);
    log.error(
      { method, route: ctx.routePattern },
      'Route refused: it has no access rule in src/lib/server/http/routeAccess.ts',
    );
    throw forbidden('This endpoint is not available.');
  }
  if (rule.access === 'admin') await requireAdmin(ctx);
  else if (rule.access !== 'public') requireUser(ctx);
  return next();
};
