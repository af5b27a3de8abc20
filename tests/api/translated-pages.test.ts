import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/http';

// Issue 27: a crawl of every translated page in each language, failing on English UI text left
// behind. People's own words (a campaign's story and name, an update, a donor's comment) are not
// translated: they sit in elements marked `data-user-content`, or in an element whose `lang`
// names another language (the story, the language switcher's own names), and are skipped.
// English is found two ways: a text that is an English message of ours (whose translation
// differs), and a text with two or more words only English uses.

const ROOT = join(import.meta.dirname, '../..');
const LOCALES = ['zu', 'xh', 'af', 'st'] as const;
type Locale = (typeof LOCALES)[number];

const SEEDS = [
  '/home',
  '/home/links?tab=how',
  '/home/links?tab=about',
  '/home/links?tab=about&about_tab=first',
  '/home/links?tab=about&about_tab=second',
  '/home/links?tab=privacy',
  '/home/links?tab=terms',
  '/giving-safely',
  '/find-campaign',
  '/campaign/siyakhula-saturday-school',
  '/organization/siyakhula-education-trust',
  '/event/mandela-day-2027',
  '/donation/siyakhula-saturday-school',
  '/auth/login',
  '/auth/signup',
  '/auth/forgot-password',
  '/misc/404',
];
/** Pages a crawl of one language follows links to, at most (the seeds first). */
const CRAWL_LIMIT = 45;

/** Words English uses and none of our other languages does (Afrikaans shares is, in, was, van, more …). */
const ENGLISH_ONLY_WORDS = new Set(
  'the and your you with for this that are from will have our what how who can not they their has about when which would should been into there here'.split(
    ' ',
  ),
);

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The English messages whose translation in `locale` is different, as matchers of a whole text. */
function englishMessages(locale: Locale): RegExp[] {
  const areas = readdirSync(join(ROOT, 'messages'), { withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  );
  const matchers: RegExp[] = [];
  for (const area of areas) {
    const read = (loc: string): Record<string, unknown> =>
      JSON.parse(readFileSync(join(ROOT, 'messages', area.name, `${loc}.json`), 'utf8'));
    const english = read('en');
    const translated = read(locale);
    for (const [key, value] of Object.entries(english)) {
      if (key === '$schema' || typeof value !== 'string') continue;
      if (normalise(value) === normalise(String(translated[key] ?? ''))) continue;
      const pattern = normalise(value)
        .split(/\{[A-Za-z0-9_]+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+?');
      // A message that is only a parameter, or one short word, proves nothing on its own.
      if (pattern.replace(/\.\+\?/g, '').trim().length < 4) continue;
      matchers.push(new RegExp(`^${pattern}$`));
    }
  }
  return matchers;
}

interface Leftover {
  text: string;
  why: string;
}

/** The visible texts and labels of a page's body that are in the page's language (user content left out). */
function textsOf(html: string, pageLang: string): { texts: string[]; links: string[] } {
  const texts: string[] = [];
  const links: string[] = [];
  // People's own words, which a label may quote ("Donate to {campaign}"): taken out before the check.
  const userTexts: string[] = [];
  // One entry per open element: whether it or an ancestor holds user content.
  const userContent: boolean[] = [];
  let optionsAreUserContent = false;
  // One entry per open element: whether its subtree is skipped (the head, scripts, user content).
  const skipped: boolean[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const otherLanguage = attributes.lang !== undefined && attributes.lang.split('-')[0] !== pageLang;
        // A select whose choices are people's words (events' names): each choice but the empty one.
        if (name === 'select') optionsAreUserContent = 'data-user-content-options' in attributes;
        const userOption = name === 'option' && optionsAreUserContent && (attributes.value ?? '') !== '';
        const skip =
          name !== 'html' &&
          name !== 'body' &&
          ((skipped.at(-1) ?? false) ||
            name === 'head' ||
            name === 'script' ||
            name === 'style' ||
            name === 'svg' ||
            'data-user-content' in attributes ||
            userOption ||
            otherLanguage);
        if (!VOID.has(name)) {
          skipped.push(skip);
          userContent.push((userContent.at(-1) ?? false) || 'data-user-content' in attributes || userOption);
        }
        if (name === 'a' && attributes.href) links.push(attributes.href);
        if (skip) return;
        for (const attribute of ['aria-label', 'alt', 'title', 'placeholder'])
          if (attributes[attribute]) texts.push(attributes[attribute]);
        if (
          name === 'input' &&
          (attributes.type === 'submit' || attributes.type === 'button') &&
          attributes.value
        )
          texts.push(attributes.value);
      },
      ontext(text) {
        if (userContent.at(-1) && normalise(text).length >= 3) userTexts.push(normalise(text));
        if (!(skipped.at(-1) ?? true) && normalise(text)) texts.push(text);
      },
      onclosetag(name) {
        if (name === 'select') optionsAreUserContent = false;
        if (!VOID.has(name)) {
          skipped.pop();
          userContent.pop();
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const quoted = [...new Set(userTexts)].sort((a, b) => b.length - a.length);
  const own = (text: string): string => quoted.reduce((rest, user) => rest.split(user).join(' '), text);
  return { texts: texts.map((text) => normalise(own(normalise(text)))).filter(Boolean), links };
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

function leftoversIn(texts: string[], messages: RegExp[]): Leftover[] {
  const found: Leftover[] = [];
  for (const text of texts) {
    const message = messages.find((matcher) => matcher.test(text));
    if (message) {
      found.push({ text, why: 'an English message' });
      continue;
    }
    const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
    const english = new Set(words.filter((word) => ENGLISH_ONLY_WORDS.has(word)));
    if (words.length >= 3 && english.size >= 2)
      found.push({ text, why: `English words: ${[...english].join(', ')}` });
  }
  return found;
}

describe.each(LOCALES)('every translated page in %s', (locale) => {
  it('shows no English UI text', { timeout: 120_000 }, async () => {
    const messages = englishMessages(locale);
    const queue = SEEDS.map((path) => `/${locale}${path}`);
    const seen = new Set<string>();
    const problems: string[] = [];
    while (queue.length > 0 && seen.size < CRAWL_LIMIT) {
      const path = queue.shift() as string;
      if (seen.has(path)) continue;
      seen.add(path);
      const res = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
      const html = await res.text();
      // The not-found page answers 404 with a page of its own, checked like the others.
      if (res.status !== 200 && !(res.status === 404 && path.endsWith('/misc/404'))) {
        if (SEEDS.some((seed) => `/${locale}${seed}` === path)) problems.push(`${path}: ${res.status}`);
        continue;
      }
      expect(html, path).toContain(`<html lang="${locale}"`);
      const { texts, links } = textsOf(html, locale);
      for (const leftover of leftoversIn(texts, messages))
        problems.push(`${path}: "${leftover.text.slice(0, 120)}" (${leftover.why})`);
      for (const link of links) {
        const target = link.split('#')[0] ?? '';
        if (target.startsWith(`/${locale}/`) && !target.includes('/poster.pdf') && !seen.has(target))
          queue.push(target);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(SEEDS.length);
    expect(problems, `leftover English in ${locale}`).toEqual([]);
  });
});

describe('the crawl itself', () => {
  it('finds English in a page that has it, and not in user content', () => {
    const html = `<html lang="zu"><body><p>Donate now</p><p>Give to the school and help with your books</p>
      <div data-user-content><p>Help the children with their books</p></div>
      <div lang="en"><p>Our story for the school</p></div><p>Nikela manje</p>
      <h1 data-user-content>Books for the children</h1><form aria-label="Nikela ku-Books for the children"></form></body></html>`;
    const { texts } = textsOf(html, 'zu');
    expect(texts).toEqual([
      'Donate now',
      'Give to the school and help with your books',
      'Nikela manje',
      'Nikela ku-',
    ]);
    expect(leftoversIn(texts, [/^Donate now$/]).map((l) => l.text)).toEqual([
      'Donate now',
      'Give to the school and help with your books',
    ]);
  });
});
