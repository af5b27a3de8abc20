import type { MiddlewareHandler } from 'astro';
import { env } from '~/lib/server/platform/env';

// Pages get their Content-Security-Policy from Astro (astro.config.mjs security.csp, with script and
// style hashes); JSON answers get the strictest one, since nothing in them should ever run.
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const securityHeaders: MiddlewareHandler = async (ctx, next) => {
  // A copy, because some responses (redirects, fetch results) come with immutable headers.
  const original = await next();
  const response = new Response(original.body, original);
  const h = response.headers;
  h.set('x-content-type-options', 'nosniff');
  h.set('referrer-policy', 'strict-origin-when-cross-origin');
  h.set('x-frame-options', 'DENY');
  h.set('cross-origin-opener-policy', 'same-origin');
  h.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  if (ctx.url.pathname.startsWith('/api/') && !h.has('content-security-policy'))
    h.set('content-security-policy', API_CSP);
  if (env.isProduction) h.set('strict-transport-security', 'max-age=63072000; includeSubDomains');
  return response;
};
