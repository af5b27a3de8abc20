import type { MiddlewareHandler } from 'astro';
import { baseLocale } from '~/lib/i18n/languages';
import { isTranslatedRoute, localizeHref, splitLocalePath } from '~/lib/i18n/paths';
import { apiLocale, withLocale } from '~/lib/server/i18n/locale';

/**
 * The language of a request (DESIGN §11, issue 27). `/zu/campaign/x` is the page `/campaign/x`
 * in isiZulu: the language comes off the address, Astro renders the English route with the
 * messages in isiZulu, and the page cache keeps the answer under the address asked for, so one
 * address is one page for everyone. A page that is English only (the editors, the back office)
 * answers its English address instead. An API call speaks the language it asks for.
 * A redirect from a page in a language stays in it.
 */
export const localeRouting: MiddlewareHandler = (ctx, next) => {
  const { locale, path } = splitLocalePath(ctx.url.pathname);
  if (locale === baseLocale) {
    const language = path.startsWith('/api/') ? apiLocale(ctx.url, ctx.request.headers) : baseLocale;
    return withLocale(language, () => next());
  }
  return withLocale(locale, async () => {
    const response = await next(path + ctx.url.search);
    return localizedRedirect(response, locale);
  });
};

/**
 * Right after the language came off: a route with no pages in other languages answers with its
 * English address (the whole address, query kept), so no English-only page is served under /zu/.
 */
export const englishOnlyRoutes: MiddlewareHandler = (ctx, next) => {
  const { locale } = splitLocalePath(ctx.originPathname);
  if (locale === baseLocale || isTranslatedRoute(ctx.routePattern)) return next();
  return new Response(null, {
    status: 302,
    headers: { location: ctx.url.pathname + ctx.url.search, 'cache-control': 'no-store' },
  });
};

function localizedRedirect(response: Response, locale: Parameters<typeof localizeHref>[1]): Response {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location?.startsWith('/')) return response;
  const localized = localizeHref(location, locale);
  if (localized === location) return response;
  const headers = new Headers(response.headers);
  headers.set('location', localized);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
