#!/usr/bin/env node
// Which translations a native speaker has reviewed (messages/review.json), and marking more.
//   npm run i18n:review                         what is still unreviewed, most important first
//   npm run i18n:review -- mark zu --by "Name" donation_amount_label donation content:terms
// A mark keeps the SHA-256 of the text as reviewed: a later change of the text makes it unreviewed again.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const LOCALES = ['zu', 'xh', 'af', 'st'];
/** Where review matters most: money, legal and consent texts first (docs/TRANSLATING.md). */
export const PRIORITY = [
  'donation',
  'thanks',
  'mail',
  'content:terms',
  'content:privacy',
  'auth',
  'content:fees-and-payouts',
];

export function areas() {
  return readdirSync(join(ROOT, 'messages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Every reviewable text of a language: `key` for messages, `content:<page>` for information pages. */
export function textsOf(locale) {
  const texts = new Map();
  for (const area of areas()) {
    const messages = JSON.parse(readFileSync(join(ROOT, 'messages', area, `${locale}.json`), 'utf8'));
    for (const [key, value] of Object.entries(messages))
      if (key !== '$schema') texts.set(key, JSON.stringify(value));
  }
  const pagesDir = join(ROOT, 'src/content/pages', locale);
  let pages = [];
  try {
    pages = readdirSync(pagesDir).filter((name) => name.endsWith('.md'));
  } catch {
    // No information pages in this language yet.
  }
  for (const name of pages)
    texts.set(`content:${name.slice(0, -3)}`, readFileSync(join(pagesDir, name), 'utf8'));
  return texts;
}

export const hashOf = (text) => createHash('sha256').update(text).digest('hex');

function readReview() {
  return JSON.parse(readFileSync(join(ROOT, 'messages/review.json'), 'utf8'));
}

function areaOf(key) {
  return key.startsWith('content:') ? key : key.split('_')[0];
}

function report() {
  const review = readReview();
  for (const locale of LOCALES) {
    const texts = textsOf(locale);
    const marks = review[locale] ?? {};
    const unreviewed = [...texts.keys()].filter((key) => marks[key]?.sha256 !== hashOf(texts.get(key)));
    console.log(`${locale}: ${texts.size - unreviewed.length} of ${texts.size} reviewed`);
    const byArea = new Map();
    for (const key of unreviewed) byArea.set(areaOf(key), (byArea.get(areaOf(key)) ?? 0) + 1);
    const ordered = [...byArea.keys()].sort(
      (a, b) => (PRIORITY.indexOf(a) + 1 || 99) - (PRIORITY.indexOf(b) + 1 || 99) || a.localeCompare(b),
    );
    for (const area of ordered)
      console.log(`  ${PRIORITY.includes(area) ? '!' : ' '} ${area}: ${byArea.get(area)} unreviewed`);
  }
}

function mark(locale, by, targets) {
  if (!LOCALES.includes(locale) || !by || targets.length === 0) {
    console.error(
      'usage: npm run i18n:review -- mark <zu|xh|af|st> --by "<reviewer>" <key|area|content:page>...',
    );
    process.exit(2);
  }
  const review = readReview();
  const texts = textsOf(locale);
  const date = new Date().toISOString().slice(0, 10);
  let marked = 0;
  for (const target of targets) {
    const keys = texts.has(target) ? [target] : [...texts.keys()].filter((key) => areaOf(key) === target);
    if (keys.length === 0) {
      console.error(`nothing called ${target} in ${locale}`);
      process.exit(1);
    }
    for (const key of keys) {
      review[locale][key] = { sha256: hashOf(texts.get(key)), by, date };
      marked++;
    }
  }
  writeFileSync(join(ROOT, 'messages/review.json'), `${JSON.stringify(review, null, 2)}\n`);
  console.log(`${marked} marked reviewed in ${locale} by ${by}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, locale, ...rest] = process.argv.slice(2);
  if (command === 'mark') {
    const byAt = rest.indexOf('--by');
    const by = byAt === -1 ? '' : rest[byAt + 1];
    mark(
      locale,
      by,
      rest.filter((_, i) => i !== byAt && i !== byAt + 1),
    );
  } else report();
}
