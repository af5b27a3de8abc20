import { getLocale } from '~/paraglide/runtime.js';
import type { Locale } from './languages';
import { localizeHref } from './paths';

/**
 * The site's words (issue 27). `m.key()` is the text in the current language: the page's on the
 * server (its address, or an API caller's Accept-Language), the page's address in the browser.
 * A key's English text is the SPEC's text, word for word.
 */
export { m } from '~/paraglide/messages.js';
export type { Locale };
export { getLocale };

/** `localizeHref` in the current language: the link a page in isiZulu gives to another page. */
export function href(path: string, locale: Locale = getLocale()): string {
  return localizeHref(path, locale);
}
