/**
 * What every PDF we make (receipts, posters) needs from pdf-lib beyond drawing: text the
 * standard fonts can encode, and lines that fit a width. The standard fonts (no font file to
 * ship) encode WinAnsi only, and pdf-lib throws on anything else; names and stories are free text.
 */
import type { PDFFont } from 'pdf-lib';

const charSets = new WeakMap<PDFFont, Set<number>>();

function charSetOf(font: PDFFont): Set<number> {
  let set = charSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charSets.set(font, set);
  }
  return set;
}

/**
 * `text` as `font` can draw it: line breaks and tabs as spaces, other control characters dropped,
 * a letter the font lacks as its base letter where it has one (ŋ has none: '?'), whitespace collapsed.
 */
export function pdfText(font: PDFFont, text: string): string {
  const known = charSetOf(font);
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (/\s/u.test(char)) out += ' ';
    else if (/\p{Cc}|\p{Cf}/u.test(char)) continue;
    else if (known.has(code)) out += char;
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => known.has(c.codePointAt(0) ?? 0)) ? base : '?';
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/**
 * `text` (already pdfText) broken into lines no wider than `maxWidth` at `size`; a word wider
 * than a line is cut. At most `maxLines` lines, the last ending in an ellipsis when text is left over.
 */
export function wrapText(
  font: PDFFont,
  text: string,
  size: number,
  maxWidth: number,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const fits = (line: string): boolean => font.widthOfTextAtSize(line, size) <= maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (!fits(line)) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? '';
  while (last && !fits(`${last}…`)) last = last.slice(0, -1).trimEnd();
  kept[maxLines - 1] = `${last}…`;
  return kept;
}
