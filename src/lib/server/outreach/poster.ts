import {
  PDFArray,
  PDFDocument,
  type PDFFont,
  PDFName,
  type PDFPage,
  PDFString,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import { acceptsDonations } from '~/lib/campaignDisplay';
import { href, m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { pdfText, wrapText } from '~/lib/server/platform/pdf';
import { printableImageOf } from './campaignImage';
import type { OutreachCampaign } from './outreachCampaign';
import { campaignQrLink, campaignShortLink, darkRunsOf, QR_QUIET_ZONE, qrMatrixOf } from './qrCode';

/** A4 in PDF points (1/72 inch). */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 40;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const IMAGE_MAX_HEIGHT = 260;
/** The code's side including its quiet zone: about 8 cm, scannable from a couple of metres. */
const QR_SIDE = 230;
/** Each code's side when the campaign's code and the SnapScan code stand side by side (about 7 cm). */
const PAIR_SIDE = 200;
const PAIR_GAP = 40;

const INK = rgb(0x1d / 255, 0x2a / 255, 0x24 / 255);
const MUTED = rgb(0x5b / 255, 0x6b / 255, 0x63 / 255);
const BRAND = rgb(0x0b / 255, 0x6e / 255, 0x4f / 255);
const BLACK = rgb(0, 0, 0);
/** SnapScan's blue, for the caption of its code. */
const SNAPSCAN_BLUE = rgb(0x1c / 255, 0x9a / 255, 0xd6 / 255);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Draws one line centred at `y` (its baseline); the text must already be pdfText. */
function centred(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color = INK): void {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (A4.width - width) / 2, y, size, font, color });
}

/** The largest size from `max` down to `min` at which `text` fits `width` (the content's) on one line. */
function fittingSize(font: PDFFont, text: string, max: number, min: number, width = CONTENT_WIDTH): number {
  let size = max;
  while (size > min && font.widthOfTextAtSize(text, size) > width) size -= 1;
  return size;
}

/**
 * A QR code as filled rectangles (vector, so it prints sharp at any size), `side` points wide with
 * its left edge at `left` (centred by default); returns its bottom.
 */
function drawQrCode(
  page: PDFPage,
  link: string,
  top: number,
  side = QR_SIDE,
  left = (A4.width - side) / 2,
): number {
  const matrix = qrMatrixOf(link);
  const modules = matrix.length + 2 * QR_QUIET_ZONE;
  const unit = side / modules;
  page.drawRectangle({ x: left, y: top - side, width: side, height: side, color: rgb(1, 1, 1) });
  for (const run of darkRunsOf(matrix)) {
    page.drawRectangle({
      x: left + (run.x + QR_QUIET_ZONE) * unit,
      y: top - (run.y + QR_QUIET_ZONE + 1) * unit,
      width: run.length * unit,
      height: unit,
      color: BLACK,
    });
  }
  return top - side;
}

/** Makes a square of the page a link to `uri` (a tap on the code in the PDF on a phone opens it too). */
function linkArea(page: PDFPage, uri: string, left: number, bottom: number, side: number): void {
  const { context } = page.doc;
  const annotation = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [left, bottom, left + side, bottom + side],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(uri) },
    }),
  );
  const existing = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (existing) existing.push(annotation);
  else page.node.set(PDFName.of('Annots'), context.obj([annotation]));
}

/** Draws one line centred on `centre` (x); the text must already be pdfText. */
function centredOn(
  page: PDFPage,
  text: string,
  font: PDFFont,
  size: number,
  centre: number,
  y: number,
  color = INK,
): void {
  page.drawText(text, { x: centre - font.widthOfTextAtSize(text, size) / 2, y, size, font, color });
}

/**
 * The campaign's code and, beside it, the SnapScan code: each with a caption under it. Returns
 * where the text below starts.
 */
function drawCodePair(page: PDFPage, link: string, snapscanLink: string, fonts: Fonts, top: number): number {
  const left = (A4.width - 2 * PAIR_SIDE - PAIR_GAP) / 2;
  const right = left + PAIR_SIDE + PAIR_GAP;
  const bottom = drawQrCode(page, link, top, PAIR_SIDE, left);
  drawQrCode(page, snapscanLink, top, PAIR_SIDE, right);
  linkArea(page, snapscanLink, right, bottom, PAIR_SIDE);
  const captionY = bottom - 18;
  const openLabel = pdfText(fonts.bold, m.share_poster_open_campaign());
  centredOn(page, openLabel, fonts.bold, 14, left + PAIR_SIDE / 2, captionY);
  centredOn(
    page,
    pdfText(fonts.bold, m.share_poster_pay_snapscan()),
    fonts.bold,
    14,
    right + PAIR_SIDE / 2,
    captionY,
    SNAPSCAN_BLUE,
  );
  // Under its code; a language's longer words make it smaller rather than run past the gap.
  const note = pdfText(fonts.regular, m.share_poster_snapscan_note());
  const noteSize = fittingSize(fonts.regular, note, 9, 7, PAIR_SIDE + PAIR_GAP);
  centredOn(page, note, fonts.regular, noteSize, right + PAIR_SIDE / 2, captionY - 13, MUTED);
  return captionY - 30;
}

/** Draws the picture centred in the top band; returns where the text below starts. */
async function drawImage(
  doc: PDFDocument,
  page: PDFPage,
  campaign: OutreachCampaign,
  top: number,
): Promise<number> {
  const image = campaign.image ? await printableImageOf(campaign.image) : null;
  if (!image) return top;
  const embedded = await doc.embedJpg(image.jpeg);
  const scale = Math.min(CONTENT_WIDTH / image.width, IMAGE_MAX_HEIGHT / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(embedded, { x: (A4.width - width) / 2, y: top - height, width, height });
  return top - height - 28;
}

function drawTexts(page: PDFPage, campaign: OutreachCampaign, fonts: Fonts, top: number): number {
  let y = top;
  for (const line of wrapText(fonts.bold, pdfText(fonts.bold, campaign.name), 26, CONTENT_WIDTH, 3)) {
    y -= 26;
    centred(page, line, fonts.bold, 26, y);
    y -= 6;
  }
  if (campaign.donationTarget > 0) {
    y -= 20;
    const target = m.share_poster_target({ amount: formatMoney(campaign.donationTarget, campaign.currency) });
    centred(page, pdfText(fonts.regular, target), fonts.regular, 15, y, MUTED);
  }
  return y - 20;
}

/**
 * A printable A4 poster for a campaign: its picture, name and target, the QR code of its short
 * link and the link itself in large type, for church halls, school gates and shop windows. With
 * `snapscanLink` (the campaign's SnapScan poster code), that code stands beside the campaign's:
 * scanned in the SnapScan app it pays the campaign directly, without opening the site.
 *
 * Its words are in the page's language (`/zu/campaign/x/poster.pdf`, issue 27), and so is the
 * campaign's address it prints and codes (`/zu/x`), so a reader lands on the page in that
 * language. The standard fonts (WinAnsi) have every letter the site's languages use: isiZulu,
 * isiXhosa and Sesotho are written in plain Latin letters, Afrikaans adds ê, ë, ô, ï and the like.
 */
export async function campaignPosterPdf(
  campaign: OutreachCampaign,
  options: { snapscanLink?: string | null } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(m.share_poster_title({ campaign: campaign.name }));
  const page = doc.addPage([A4.width, A4.height]);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  // The short address in the poster's language: `zu/x` on an isiZulu poster, `x` in English.
  const shortPath = href(`/${campaign.shortUrl}`).slice(1);
  const link = campaignShortLink(shortPath);
  // The code carries ?ref=qr (the dashboard counts what the poster brought); the printed link stays short.
  const qrLink = campaignQrLink(shortPath);
  const belowImage = await drawImage(doc, page, campaign, A4.height - MARGIN);
  const belowTexts = drawTexts(page, campaign, fonts, belowImage);
  // A closed or expired campaign's poster may still hang somewhere: it no longer promises a donation.
  const open =
    !campaign.donationsPaused &&
    acceptsDonations({ published: true, status: campaign.status, endDate: campaign.endDate });
  const snapscanLink = open ? options.snapscanLink : null;
  let y = snapscanLink
    ? drawCodePair(page, qrLink, snapscanLink, fonts, belowTexts)
    : drawQrCode(page, qrLink, belowTexts);
  y -= 30;
  const call = open ? m.share_poster_scan_donate() : m.share_poster_scan_view();
  centred(page, pdfText(fonts.bold, call), fonts.bold, 22, y);
  const shown = pdfText(fonts.bold, link.replace(/^https?:\/\//, ''));
  const size = fittingSize(fonts.bold, shown, 30, 12);
  y -= size + 14;
  centred(page, shown, fonts.bold, size, y, BRAND);
  y -= 24;
  // One line in English; a longer language's hint takes a second line rather than a smaller type.
  for (const line of wrapText(
    fonts.regular,
    pdfText(fonts.regular, m.share_poster_hint()),
    11,
    CONTENT_WIDTH,
    2,
  )) {
    centred(page, line, fonts.regular, 11, y, MUTED);
    y -= 15;
  }
  return doc.save();
}
