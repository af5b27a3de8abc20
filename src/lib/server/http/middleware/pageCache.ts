import type { MiddlewareHandler } from 'astro';
import { preferredEncoding } from '#server/encoding.ts';
import { type CachedPage, sharedPageStore } from '#server/pageStore.ts';
import { isCacheableRoute } from '~/lib/server/cache/cacheableRoutes';
import { settleInvalidations } from '~/lib/server/cache/invalidation';
import { toCachedPage } from '~/lib/server/cache/storedAnswer';
import { tagsOfAnswer } from '~/lib/server/cache/tags';
import { newRequestScope, runInRequestScope } from '~/lib/server/platform/requestScope';

/**
 * Runs each request in its own scope (queries counted, cache tags gathered) and keeps the public
 * answers server/main.ts may serve again from memory. server/main.ts sets `locals.pageCacheKey`
 * only for a GET or HEAD without credentials; the answer is kept when its route is public and it
 * rendered 200 with no cookie and without `cache-control: no-store` (a page that was one visitor's).
 * A POST's answer is never kept. After a write, it waits until this process's cache has let go of
 * what the write changed (settleInvalidations).
 */
export const pageCache: MiddlewareHandler = (ctx, next) => {
  const scope = newRequestScope();
  return runInRequestScope(scope, async () => {
    const method = ctx.request.method;
    const store = sharedPageStore();
    const renderedFrom = store.clock();
    // The request's metrics label (server/requestMetrics.ts): the pattern, never the path.
    if (ctx.locals.routeLabel) ctx.locals.routeLabel.route = ctx.routePattern;
    const response = await next();
    if (method !== 'GET' && method !== 'HEAD') {
      if (response.status < 400) await settleInvalidations();
      return response;
    }
    const key = ctx.locals.pageCacheKey;
    if (
      !key ||
      method !== 'GET' ||
      response.status !== 200 ||
      !response.body ||
      !isCacheableRoute(ctx.routePattern) ||
      response.headers.has('set-cookie') ||
      // One visitor's answer on a public route (a donation form filled from its token).
      /\bno-store\b/i.test(response.headers.get('cache-control') ?? '') ||
      response.headers.has('content-encoding')
    ) {
      return response;
    }
    const page = await toCachedPage(response, Date.now(), ctx.routePattern);
    store.put(key, page, tagsOfAnswer(scope), renderedFrom);
    return answerFrom(
      page,
      ctx.request.headers.get('accept-encoding'),
      response.headers.get('x-request-id'),
      ctx.url.pathname.startsWith('/api/'),
    );
  });
};

function answerFrom(
  page: CachedPage,
  acceptEncoding: string | null,
  requestId: string | null,
  api: boolean,
): Response {
  const encoding = preferredEncoding(acceptEncoding ?? undefined, { br: true, gzip: true });
  const headers = new Headers(page.headers);
  if (encoding) headers.set('content-encoding', encoding);
  // The API's answers are in the caller's language (keyed so by server/cachedPages.ts); a page's is in its address.
  headers.set('vary', api ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding');
  if (requestId) headers.set('x-request-id', requestId);
  const body = encoding ? page[encoding] : page.identity;
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
    status: page.status,
    headers,
  });
}
