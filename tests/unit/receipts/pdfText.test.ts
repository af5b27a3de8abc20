import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText, wrapText } from '~/lib/server/platform/pdf';

describe('text for the standard PDF fonts', () => {
  let font: Awaited<ReturnType<PDFDocument['embedFont']>>;
  beforeAll(async () => {
    font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  });

  it('keeps what WinAnsi has, folds accents it lacks and replaces the rest, so drawing never throws', async () => {
    const text = pdfText(font, 'Nomsa Mthembu-Müller\u00a0ŋ Ğ 👍\u0000\tR 1 000 – “ok”');
    expect(text).toBe('Nomsa Mthembu-Müller ? G ? R 1 000 – “ok”');
    const page = (await PDFDocument.create()).addPage();
    const embedded = await page.doc.embedFont(StandardFonts.Helvetica);
    expect(() => page.drawText(pdfText(embedded, 'Ubuntu 🙏 ŋ'), { font: embedded })).not.toThrow();
  });

  it('breaks text into lines that fit, cutting a word longer than a line, and ends a cut-off text with …', () => {
    const lines = wrapText(font, `Soup kitchen for ${'x'.repeat(80)} and more words here`, 12, 100);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 12)).toBeLessThanOrEqual(100);
    expect(lines.join('').replace(/ /g, '')).toBe(`Soupkitchenfor${'x'.repeat(80)}andmorewordshere`);
    const two = wrapText(font, 'one two three four five six seven eight nine ten', 12, 60, 2);
    expect(two).toHaveLength(2);
    expect(two[1]?.endsWith('…')).toBe(true);
  });
});
