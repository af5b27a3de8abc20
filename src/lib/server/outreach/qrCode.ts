import { encode } from 'uqr';
import { env } from '~/lib/server/platform/env';
import { withReferral } from '~/lib/share';
import { absoluteUrl, escapeMarkup } from './markup';

/**
 * Medium error correction (15 %): a poster survives a crease, a smudge or a staple through the
 * code; the short links are short enough that the code stays small at M.
 */
export const QR_ERROR_CORRECTION = 'M';
/** Light modules around the code: the QR standard asks for 4 so scanners find its edge. */
export const QR_QUIET_ZONE = 4;

/** Dark modules, row by row (`true` is dark), without any border. */
export type QrMatrix = boolean[][];

/** The campaign's short link (`{PUBLIC_URL}/{shortUrl}`): the catch-all route opens the campaign. */
export function campaignShortLink(shortUrl: string, publicUrl: string = env.publicUrl): string {
  return absoluteUrl(publicUrl, `/${shortUrl}`);
}

/** What the campaign's QR code (on its own and on the poster) opens: the short link marked `?ref=qr`. */
export function campaignQrLink(shortUrl: string, publicUrl: string = env.publicUrl): string {
  return withReferral(campaignShortLink(shortUrl, publicUrl), 'qr');
}

export function qrMatrixOf(text: string): QrMatrix {
  return encode(text, { ecc: QR_ERROR_CORRECTION, border: 0 }).data;
}

/** Each row's dark modules merged into runs: one rectangle per run instead of one per module. */
export function darkRunsOf(matrix: QrMatrix): { x: number; y: number; length: number }[] {
  const runs: { x: number; y: number; length: number }[] = [];
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      runs.push({ x: start, y, length: x - start });
    }
  });
  return runs;
}

/**
 * The code as SVG: dark modules on white, the quiet zone included, one unit per module so it
 * scales to any size without blur (crispEdges keeps module edges sharp when scaled).
 */
export function qrSvgOf(text: string, pixelsPerModule = 8): string {
  const matrix = qrMatrixOf(text);
  const side = matrix.length + 2 * QR_QUIET_ZONE;
  const path = darkRunsOf(matrix)
    .map(({ x, y, length }) => `M${x + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${length}v1h-${length}z`)
    .join('');
  const pixels = side * pixelsPerModule;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" ` +
    `viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges" role="img">` +
    `<title>QR code for ${escapeMarkup(text)}</title>` +
    `<rect width="${side}" height="${side}" fill="#ffffff"/>` +
    `<path fill="#000000" d="${path}"/></svg>`
  );
}
