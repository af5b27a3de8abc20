/**
 * The site's languages and the reading of an `Accept-Language` header, with no imports, so that
 * server/main.ts (plain Node) can key the API's cached answers by the language they speak.
 * Paraglide's compiled list (project.inlang/settings.json) is the same; tests/unit/i18n/languages.test.ts
 * holds them together.
 */
export const SITE_LOCALES = ['en', 'zu', 'xh', 'af', 'st'] as const;

/**
 * The language an `Accept-Language` header asks for first among `supported`, by its q-values;
 * null when it names none of them. `en, zu;q=0.5` is English; `zu-ZA` is isiZulu.
 */
export function preferredLanguage(
  header: string | null | undefined,
  supported: readonly string[],
): string | null {
  if (!header) return null;
  let best: { language: string; weight: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.split(';');
    const language = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    if (!supported.includes(language)) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(weight) || weight <= 0) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language ?? null;
}
