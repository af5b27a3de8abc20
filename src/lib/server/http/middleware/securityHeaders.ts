import type { MiddlewareHandler } from 'astro';
import { env } from '~/lib/server/platform/env';

// Pages get their Content-Security-Policy from Astro (astro.config.mjs security.csp, with script and
// style hashes); JSON answers get the strictest one, since nothing in them should ever run.
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The one route other sites may frame: the donate widget (src/pages/embed/campaign/[url].ts). */
export const FRAMEABLE_ROUTES: ReadonlySet<string> = new Set(['/embed/campaign/[url]']);

/**
 * `csp` with its frame-ancestors directive set to `sources` (added when it has none, or a policy of
 * that directive alone when there is no policy): whatever a route or Astro wrote, who may frame an
 * answer is decided here, once.
 */
export function withFrameAncestors(csp: string | null, sources: string): string {
  const kept = (csp ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^frame-ancestors(\s|$)/i.test(directive));
  return [...kept, `frame-ancestors ${sources}`].join('; ');
}

export const securityHeaders: MiddlewareHandler = async (ctx, next) => {
  // A copy, because some responses (redirects, fetch results) come with immutable headers.
  const original = await next();
  const response = new Response(original.body, original);
  const h = response.headers;
  h.set('x-content-type-options', 'nosniff');
  h.set('referrer-policy', 'strict-origin-when-cross-origin');
  h.set('cross-origin-opener-policy', 'same-origin');
  h.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  if (ctx.url.pathname.startsWith('/api/') && !h.has('content-security-policy'))
    h.set('content-security-policy', API_CSP);
  // Clickjacking: no other site may frame any answer but the widget, which exists to be framed.
  // X-Frame-Options cannot say "anyone", so the widget goes without it; CSP says it for browsers.
  if (FRAMEABLE_ROUTES.has(ctx.routePattern)) {
    h.delete('x-frame-options');
    h.set('content-security-policy', withFrameAncestors(h.get('content-security-policy'), '*'));
  } else {
    h.set('x-frame-options', 'DENY');
    h.set('content-security-policy', withFrameAncestors(h.get('content-security-policy'), "'none'"));
  }
  if (env.isProduction) h.set('strict-transport-security', 'max-age=63072000; includeSubDomains');
  return response;
};
