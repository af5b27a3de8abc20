/**
 * The share card's drawing as SVG (everything but the photo, which sharp places on the left
 * panel): the site's name, the title in up to three lines, the raised total, its caption and a
 * progress bar. Every string in it passes through escapeXml.
 */
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, type ShareCardContent } from './cardContent';
import { escapeXml, fitTitle, textWidth } from './cardText';

const BRAND = '#0b6e4f';
const BRAND_DARK = '#08543c';
const BRAND_LIGHT = '#e6f4ee';
const ACCENT = '#f2a541';
const INK = '#1d2a24';
const MUTED = '#5b6b63';
const TRACK = '#dfe7e3';
// A generic family: librsvg asks fontconfig, which finds a sans-serif on any machine with one.
const FONT = 'font-family="sans-serif"';

/** The left panel, where the picture goes. */
export const PICTURE_PANEL = { width: 600, height: SHARE_CARD_HEIGHT } as const;
/** The box a logo is fitted into, centred in the picture panel. */
export const LOGO_BOX = { width: 400, height: 400 } as const;

const TEXT_X = PICTURE_PANEL.width + 48;
const TEXT_WIDTH = SHARE_CARD_WIDTH - TEXT_X - 48;
const TITLE_SIZES = [
  { fontSize: 56, maxLines: 2 },
  { fontSize: 46, maxLines: 3 },
  { fontSize: 40, maxLines: 3 },
] as const;

/** The brand panel's line under the site's name, in English (a card in another language passes its own). */
export const CARD_TAGLINE = 'Crowdfunding for South Africa';

/**
 * What fills the picture panel when there is no picture: the brand's colours, the site's name and
 * the tagline (smaller when a language's words are longer than the panel).
 */
function brandPanel(siteName: string, tagline: string): string {
  const name = escapeXml(siteName);
  const size = Math.min(96, Math.floor((PICTURE_PANEL.width - 120) / Math.max(textWidth(siteName, 1), 1)));
  const taglineSize = Math.min(
    30,
    Math.floor((PICTURE_PANEL.width - 60) / Math.max(textWidth(tagline, 1), 1)),
  );
  return [
    '<defs><linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${BRAND}"/><stop offset="1" stop-color="${BRAND_DARK}"/>`,
    '</linearGradient></defs>',
    `<rect width="${PICTURE_PANEL.width}" height="${PICTURE_PANEL.height}" fill="url(#brand)"/>`,
    `<circle cx="520" cy="90" r="190" fill="#ffffff" fill-opacity="0.06"/>`,
    `<circle cx="70" cy="600" r="240" fill="#ffffff" fill-opacity="0.05"/>`,
    `<rect x="60" y="${PICTURE_PANEL.height / 2 + 34}" width="72" height="8" rx="4" fill="${ACCENT}"/>`,
    `<text x="60" y="${PICTURE_PANEL.height / 2}" ${FONT} font-weight="bold" font-size="${size}" fill="#ffffff">${name}</text>`,
    `<text x="60" y="${PICTURE_PANEL.height / 2 + 92}" ${FONT} font-size="${taglineSize}" fill="#ffffff" fill-opacity="0.85">${escapeXml(tagline)}</text>`,
  ].join('');
}

/** The progress bar with its percentage; the bar stops at full, the percentage does not. */
function progressBar(progress: number, y: number): string {
  const labelWidth = 110;
  const barWidth = TEXT_WIDTH - labelWidth;
  const filled = Math.round(barWidth * Math.min(Math.max(progress, 0), 1));
  const percent = `${Math.floor(progress * 100)}%`;
  return [
    `<rect x="${TEXT_X}" y="${y}" width="${barWidth}" height="18" rx="9" fill="${TRACK}"/>`,
    filled > 0
      ? `<rect x="${TEXT_X}" y="${y}" width="${Math.max(filled, 18)}" height="18" rx="9" fill="${BRAND}"/>`
      : '',
    `<text x="${TEXT_X + TEXT_WIDTH}" y="${y + 17}" text-anchor="end" ${FONT} font-weight="bold" font-size="26" fill="${INK}">${escapeXml(percent)}</text>`,
  ].join('');
}

/**
 * The full-size SVG drawn over a white canvas: the text panel on the right, and on the left the
 * picture panel's background (the brand's when there is no picture, a light one behind a logo).
 */
export function cardOverlaySvg(content: ShareCardContent, siteName: string, tagline = CARD_TAGLINE): string {
  const title = fitTitle(content.title, TEXT_WIDTH, TITLE_SIZES);
  const lineHeight = Math.round(title.fontSize * 1.18);
  const titleTop = 142;
  const titleLines = title.lines
    .map(
      (line, i) =>
        `<tspan x="${TEXT_X}" y="${titleTop + title.fontSize + i * lineHeight}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const amountSize = Math.min(64, Math.floor(TEXT_WIDTH / Math.max(textWidth(content.amount, 1), 1)));
  const hasBar = content.progress !== null;
  const amountY = hasBar ? 462 : 500;
  const caption = content.caption;
  const captionSize = textWidth(caption, 28) <= TEXT_WIDTH ? 28 : 22;
  const panel =
    content.image === null
      ? brandPanel(siteName, tagline)
      : content.image.fit === 'contain'
        ? `<rect width="${PICTURE_PANEL.width}" height="${PICTURE_PANEL.height}" fill="${BRAND_LIGHT}"/>`
        : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" viewBox="0 0 ${SHARE_CARD_WIDTH} ${SHARE_CARD_HEIGHT}">`,
    panel,
    `<text x="${TEXT_X}" y="92" ${FONT} font-weight="bold" font-size="26" letter-spacing="3" fill="${BRAND}">${escapeXml(siteName.toUpperCase())}</text>`,
    `<rect x="${TEXT_X}" y="110" width="56" height="6" rx="3" fill="${ACCENT}"/>`,
    `<text ${FONT} font-weight="bold" font-size="${title.fontSize}" fill="${INK}">${titleLines}</text>`,
    `<text x="${TEXT_X}" y="${amountY}" ${FONT} font-weight="bold" font-size="${amountSize}" fill="${BRAND_DARK}">${escapeXml(content.amount)}</text>`,
    `<text x="${TEXT_X}" y="${amountY + 44}" ${FONT} font-size="${captionSize}" fill="${MUTED}">${escapeXml(caption)}</text>`,
    hasBar ? progressBar(content.progress ?? 0, 548) : '',
    `<rect x="${PICTURE_PANEL.width}" y="${SHARE_CARD_HEIGHT - 12}" width="${SHARE_CARD_WIDTH - PICTURE_PANEL.width}" height="12" fill="${BRAND}"/>`,
    '</svg>',
  ].join('');
}
