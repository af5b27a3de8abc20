/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Echoed as `x-request-id` and named in 500 answers and logs. */
    requestId: string;
    /** From a valid bearer access token; null for visitors. */
    user: import('~/lib/server/accounts/session').SessionUser | null;
    authProblem: import('~/lib/server/accounts/session').AuthProblem | null;
    /** Set by server/main.ts for a GET or HEAD without credentials: where its answer may be cached. */
    pageCacheKey?: string;
    /** Set by server/main.ts: the middleware writes the matched route pattern in it for the request's metrics. */
    routeLabel?: import('../server/requestMetrics').RouteLabel;
  }
}
