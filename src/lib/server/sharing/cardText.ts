/**
 * Text for the share card's SVG overlay: escaping for XML and breaking a name into the few lines
 * a card has room for. librsvg lays the text out but does not wrap it, so the lines are cut here
 * by an estimate of the glyphs' widths (DejaVu Sans Bold, the sans-serif a bare Linux resolves,
 * is among the widest: an estimate made for it leaves room with any other).
 */

// Characters XML 1.0 does not allow (C0 controls but tab, line feed and return; U+FFFE, U+FFFF):
// one in the overlay would make librsvg refuse the whole SVG.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text safe as XML element content or a quoted attribute: markup escaped, characters XML forbids dropped. */
export function escapeXml(text: string): string {
  return text
    .toWellFormed()
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A character's advance in em, rounded up for a bold sans-serif. */
function advanceOf(char: string): number {
  if (char === ' ') return 0.36;
  if (/[ijlI.,:;!|'`]/.test(char)) return 0.38;
  if (/[frt()[\]\-/]/.test(char)) return 0.5;
  if (/[mwMW@%]/.test(char)) return 1.05;
  if (/[A-Z]/.test(char)) return 0.8;
  if (/[0-9]/.test(char)) return 0.72;
  // Latin letters and their accented forms; anything wider (CJK, emoji) counts as a full em.
  return (char.codePointAt(0) ?? 0) < 0x2000 ? 0.7 : 1.05;
}

/** The estimated width of `text` in px at `fontSize`. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) em += advanceOf(char);
  return em * fontSize;
}

/** `text` shortened with an ellipsis until it fits `maxWidth`. */
function fitWithEllipsis(text: string, maxWidth: number, fontSize: number): string {
  let chars = [...text.trimEnd()];
  while (chars.length > 0 && textWidth(`${chars.join('')}…`, fontSize) > maxWidth) chars = chars.slice(0, -1);
  return `${chars.join('').replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * `text` broken at spaces into at most `maxLines` lines of at most `maxWidth` px; a word longer
 * than a line is broken inside it. When the text does not fit, the last line ends in an ellipsis.
 */
export function wrapText(text: string, maxWidth: number, fontSize: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // A word wider than a whole line (a long compound, a url) is broken where the line ends.
    while (textWidth(line, fontSize) > maxWidth) {
      const chars = [...line];
      let cut = chars.length - 1;
      while (cut > 1 && textWidth(chars.slice(0, cut).join(''), fontSize) > maxWidth) cut--;
      lines.push(chars.slice(0, cut).join(''));
      line = chars.slice(cut).join('');
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fitWithEllipsis(`${kept[maxLines - 1]} ${lines[maxLines]}`, maxWidth, fontSize);
  return kept;
}

/** The largest of `sizes` (largest first) at which `text` fits `maxLines`; else the smallest, cut. */
export function fitTitle(
  text: string,
  maxWidth: number,
  sizes: readonly { fontSize: number; maxLines: number }[],
): { fontSize: number; lines: string[] } {
  for (const { fontSize, maxLines } of sizes) {
    const lines = wrapText(text, maxWidth, fontSize, maxLines + 1);
    if (lines.length <= maxLines) return { fontSize, lines };
  }
  const last = sizes.at(-1) ?? { fontSize: 40, maxLines: 3 };
  return { fontSize: last.fontSize, lines: wrapText(text, maxWidth, last.fontSize, last.maxLines) };
}
