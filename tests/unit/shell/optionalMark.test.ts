import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// "PBO reference number (optional) (optional)": a label wrote "(optional)" itself and the form kit
// added its own. The kit's OptionalMark (islands/form/fieldParts.tsx) is now the one place that says
// it, in the page's language; a label, legend or heading of an island never carries the words.

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name))
      : entry.name.endsWith('.tsx')
        ? [join(dir, entry.name)]
        : [],
  );

// Comments may talk about the mark; code may not write it.
const withoutComments = (source: string): string =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '');

describe('the "(optional)" mark', () => {
  it('is written by the form kit only, never by a label of an island', () => {
    const offenders = filesUnder('src/islands').filter((file) =>
      /\(optional\)/i.test(withoutComments(readFileSync(file, 'utf8'))),
    );
    expect(offenders).toEqual([]);
  });

  it('still exists in the kit, so the check above is looking at real code', () => {
    expect(readFileSync('src/islands/form/fieldParts.tsx', 'utf8')).toContain('export function OptionalMark');
  });
});
