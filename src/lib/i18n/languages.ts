import { baseLocale, isLocale, type Locale, locales } from '~/paraglide/runtime.js';
import { preferredLanguage } from './acceptLanguage';

export type { Locale };
export { baseLocale, isLocale, locales };

/**
 * The languages the site speaks (DESIGN §11): English at today's addresses, the others under
 * their own first path segment. `name` is the language's own name, as the switcher shows it;
 * `htmlLang` is the page's `<html lang>`; `ogLocale` is Open Graph's `og:locale`.
 */
export const LANGUAGES: Record<Locale, { name: string; htmlLang: string; ogLocale: string }> = {
  en: { name: 'English', htmlLang: 'en-ZA', ogLocale: 'en_ZA' },
  zu: { name: 'isiZulu', htmlLang: 'zu', ogLocale: 'zu_ZA' },
  xh: { name: 'isiXhosa', htmlLang: 'xh', ogLocale: 'xh_ZA' },
  af: { name: 'Afrikaans', htmlLang: 'af', ogLocale: 'af_ZA' },
  st: { name: 'Sesotho', htmlLang: 'st', ogLocale: 'st_ZA' },
};

/**
 * The languages a campaign's story may be written in (issue 27): South Africa's official written
 * languages, by their codes (ISO 639), named in English for the editor. The site's own languages
 * are a subset.
 */
export const STORY_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'af', name: 'Afrikaans' },
  { code: 'nr', name: 'isiNdebele' },
  { code: 'xh', name: 'isiXhosa' },
  { code: 'zu', name: 'isiZulu' },
  { code: 'nso', name: 'Sepedi' },
  { code: 'st', name: 'Sesotho' },
  { code: 'tn', name: 'Setswana' },
  { code: 'ss', name: 'siSwati' },
  { code: 've', name: 'Tshivenda' },
  { code: 'ts', name: 'Xitsonga' },
] as const;

export type StoryLanguage = (typeof STORY_LANGUAGES)[number]['code'];

/** A language tag (`zu-ZA`, `af`, `en-GB`) as one of ours, or null. */
export function localeOfTag(tag: string | null | undefined): Locale | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLocale(primary) ? primary : null;
}

/**
 * The language an `Accept-Language` header asks for first among ours, by its q-values; null when
 * it names none of them. English counts: `en, zu;q=0.5` is English.
 */
export function preferredLocale(header: string | null | undefined): Locale | null {
  const language = preferredLanguage(header, locales);
  return isLocale(language) ? language : null;
}
