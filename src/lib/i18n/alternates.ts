import { LANGUAGES, type Locale, locales } from './languages';
import { isTranslatedPath, localizeHref } from './paths';

export interface LanguageLink {
  locale: Locale;
  /** The language's own name (isiZulu, Afrikaans). */
  name: string;
  /** `<html lang>` and `hreflang` of the page in that language. */
  htmlLang: string;
  href: string;
}

/**
 * The same page in every language, for the switcher and the `hreflang` alternates: `/campaign/x`
 * is `/zu/campaign/x` in isiZulu. Empty for a page that is English only.
 */
export function languageLinks(englishPath: string, search = ''): LanguageLink[] {
  if (!isTranslatedPath(englishPath)) return [];
  return locales.map((locale) => ({
    locale,
    name: LANGUAGES[locale].name,
    htmlLang: LANGUAGES[locale].htmlLang,
    href: localizeHref(englishPath + search, locale),
  }));
}

/** The home page in every language: where the switcher of an English-only page leads. */
export function homeLinks(): LanguageLink[] {
  return languageLinks('/home');
}
