import { type CollectionEntry, getEntry } from 'astro:content';
import { getLocale } from '~/lib/i18n';
import { baseLocale, type Locale } from '~/lib/i18n/languages';

export interface InfoPage {
  entry: CollectionEntry<'pages'>;
  /** The language the entry is written in: the page's, or English when it has no translation yet. */
  locale: Locale;
}

/**
 * An information page (`about`, `giving-safely` …) in the current language: `src/content/pages/zu/about.md`
 * on an isiZulu page, falling back to the English `src/content/pages/about.md` when the translation
 * is missing. Null when the page does not exist at all.
 */
export async function getInfoPage(id: string, locale: Locale = getLocale()): Promise<InfoPage | null> {
  if (locale !== baseLocale) {
    const translated = await getEntry('pages', `${locale}/${id}`);
    if (translated) return { entry: translated, locale };
  }
  const english = await getEntry('pages', id);
  return english ? { entry: english, locale: baseLocale } : null;
}
