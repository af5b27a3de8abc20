import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashOf, textsOf } from '../../../scripts/i18n-review.mjs';

// Issue 27: every message in every language. A key missing in one language, a translation that
// drops or invents a {parameter}, or an empty text fails here, before a page shows the English
// fallback or a hole.

const ROOT = join(import.meta.dirname, '../../..');
const LOCALES = ['en', 'zu', 'xh', 'af', 'st'] as const;
const settings = JSON.parse(readFileSync(join(ROOT, 'project.inlang/settings.json'), 'utf8')) as {
  locales: string[];
  plugin: never;
  'plugin.inlang.messageFormat': { pathPattern: string[] };
};
const areas = readdirSync(join(ROOT, 'messages'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

type Messages = Record<string, unknown>;
const read = (area: string, locale: string): Messages => {
  const { $schema: _schema, ...messages } = JSON.parse(
    readFileSync(join(ROOT, 'messages', area, `${locale}.json`), 'utf8'),
  ) as Messages;
  return messages;
};

/** The `{name}` parameters a message uses (in any of its variants). */
const parametersOf = (value: unknown): string[] =>
  [
    ...new Set(
      [...JSON.stringify(value).matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1] as string),
    ),
  ].sort();

const textsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(textsIn)
      : value && typeof value === 'object'
        ? Object.entries(value as Record<string, unknown>)
            .filter(([key]) => key === 'match')
            .flatMap(([, v]) => Object.values(v as Record<string, unknown>).flatMap(textsIn))
        : [];

describe('messages', () => {
  it('are compiled from every area, for the five languages', () => {
    expect(settings.locales).toEqual([...LOCALES]);
    expect(settings['plugin.inlang.messageFormat'].pathPattern.sort()).toEqual(
      areas.map((area) => `./messages/${area}/{locale}.json`).sort(),
    );
  });

  it.each(areas)('%s: every key is in every language, named after its area', (area) => {
    const english = read(area, 'en');
    for (const key of Object.keys(english))
      expect(key, `${area}/en.json`).toMatch(new RegExp(`^${area}_[a-z0-9_]+$`));
    for (const locale of LOCALES) {
      const messages = read(area, locale);
      const missing = Object.keys(english).filter((key) => !(key in messages));
      const extra = Object.keys(messages).filter((key) => !(key in english));
      expect(missing, `${area}/${locale}.json lacks`).toEqual([]);
      expect(extra, `${area}/${locale}.json has keys English lacks`).toEqual([]);
    }
  });

  it.each(areas)('%s: every translation is written and uses the same {parameters} as English', (area) => {
    const english = read(area, 'en');
    for (const locale of LOCALES) {
      const messages = read(area, locale);
      for (const [key, value] of Object.entries(messages)) {
        for (const text of textsIn(value)) expect(text.trim(), `${area}/${locale}: ${key}`).not.toBe('');
        expect(parametersOf(value), `${area}/${locale}: ${key}`).toEqual(parametersOf(english[key]));
      }
    }
  });

  it('names each key once across the areas', () => {
    const seen = new Map<string, string>();
    for (const area of areas)
      for (const key of Object.keys(read(area, 'en'))) {
        expect(seen.get(key), key).toBeUndefined();
        seen.set(key, area);
      }
  });

  it('marks as reviewed only texts that exist as they were reviewed (messages/review.json)', () => {
    const review = JSON.parse(readFileSync(join(ROOT, 'messages/review.json'), 'utf8')) as Record<
      string,
      Record<string, { sha256: string; by: string; date: string }>
    >;
    for (const locale of ['zu', 'xh', 'af', 'st']) {
      const texts = textsOf(locale) as Map<string, string>;
      for (const [key, mark] of Object.entries(review[locale] ?? {})) {
        expect(texts.has(key), `${locale}: ${key} is marked reviewed but does not exist`).toBe(true);
        expect(mark.sha256, `${locale}: ${key} changed after its review; review it again`).toBe(
          hashOf(texts.get(key)),
        );
        expect(mark.by.length, `${locale}: ${key} names no reviewer`).toBeGreaterThan(0);
      }
    }
  });
});
