import { type CollectionEntry, getEntry } from 'astro:content';
import { getLocale, href } from '~/lib/i18n';
import { baseLocale, type Locale } from '~/lib/i18n/languages';

export interface InfoPage {
  entry: CollectionEntry<'pages'>;
  /** The language the entry is written in: the page's, or English when it has no translation yet. */
  locale: Locale;
  /**
   * On a page in another language than English, the entry's HTML with its links to our pages in
   * that language (`/home/links?tab=terms` → `/zu/home/links?tab=terms`); null when the entry is
   * shown as written (English pages, or an entry with pictures, which `render()` resolves).
   */
  html: string | null;
}

/** The links of rendered markdown (`href="/…"`) to our pages, in `locale`. */
export function localizeContentLinks(html: string, locale: Locale): string {
  return html.replace(/href="(\/[^"]*)"/g, (_, path: string) => {
    const decoded = path.replace(/&amp;/g, '&');
    return `href="${href(decoded, locale).replace(/&/g, '&amp;')}"`;
  });
}

/**
 * An information page (`about`, `giving-safely` …) in the current language: `src/content/pages/zu/about.md`
 * on an isiZulu page, falling back to the English `src/content/pages/about.md` when the translation
 * is missing. Null when the page does not exist at all.
 */
export async function getInfoPage(id: string, locale: Locale = getLocale()): Promise<InfoPage | null> {
  const translated = locale === baseLocale ? undefined : await getEntry('pages', `${locale}/${id}`);
  const entry = translated ?? (await getEntry('pages', id));
  if (!entry) return null;
  const rendered = entry.rendered;
  const html =
    locale !== baseLocale && rendered?.html && !rendered.metadata?.imagePaths?.length
      ? localizeContentLinks(rendered.html, locale)
      : null;
  return { entry, locale: translated ? locale : baseLocale, html };
}
