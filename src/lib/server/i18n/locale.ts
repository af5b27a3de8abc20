import { AsyncLocalStorage } from 'node:async_hooks';
import { baseLocale, isLocale, type Locale, preferredLocale } from '~/lib/i18n/languages';
import { getLocale, overwriteServerAsyncLocalStorage } from '~/paraglide/runtime.js';

/**
 * The server's language, one per request (DESIGN §11): the messages (`m.key()`) read it from here.
 * A page's language is its address; an API call's is its `lang` parameter, else its
 * `Accept-Language` (the islands send the page's), else English. Work outside a request (jobs,
 * mail) names its language with `withLocale`.
 */
const storage = new AsyncLocalStorage<{ locale?: Locale }>();
overwriteServerAsyncLocalStorage(storage);

export function withLocale<T>(locale: Locale | string | null | undefined, work: () => T): T {
  return storage.run({ locale: isLocale(locale) ? locale : baseLocale }, work);
}

/** The language the server speaks now: the request's, or English outside one. */
export function currentLocale(): Locale {
  return storage.getStore()?.locale ?? getLocale();
}

/** An API caller's language: `?lang=` first, then `Accept-Language`, else English. */
export function apiLocale(url: URL, headers: Headers): Locale {
  const asked = url.searchParams.get('lang');
  if (isLocale(asked)) return asked;
  return preferredLocale(headers.get('accept-language')) ?? baseLocale;
}
