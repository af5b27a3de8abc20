/**
 * Draws a share card with sharp: a white canvas, the SVG overlay (cardSvg.ts) and the picture
 * on the left panel, cropped to fill it or, for a logo, fitted inside it.
 */
import sharp from 'sharp';
import { log } from '~/lib/server/platform/log';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, type ShareCardContent } from './cardContent';
import { cardOverlaySvg, LOGO_BOX, PICTURE_PANEL } from './cardSvg';

/** Stored images are at most 1600 px wide; anything far larger is not one of ours. */
const MAX_PICTURE_PIXELS = 1600 * 1600 * 2;

/** The picture resized for its panel, with where it goes; null when it cannot be decoded. */
async function placedPicture(
  bytes: Uint8Array,
  fit: 'cover' | 'contain',
): Promise<{ input: Buffer; left: number; top: number } | null> {
  try {
    // density: a demo picture (SVG) is drawn at twice its size, so filling the panel never blurs it.
    const image = sharp(bytes, { pages: 1, limitInputPixels: MAX_PICTURE_PIXELS, density: 144 });
    if (fit === 'cover') {
      const input = await image
        .resize({ width: PICTURE_PANEL.width, height: PICTURE_PANEL.height, fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .toBuffer();
      return { input, left: 0, top: 0 };
    }
    const { data, info } = await image
      .resize({ width: LOGO_BOX.width, height: LOGO_BOX.height, fit: 'inside' })
      .png()
      .toBuffer({ resolveWithObject: true });
    return {
      input: data,
      left: Math.round((PICTURE_PANEL.width - info.width) / 2),
      top: Math.round((PICTURE_PANEL.height - info.height) / 2),
    };
  } catch (error) {
    // A picture that will not decode leaves the card without it rather than without a card.
    log.warn({ area: 'sharing', err: error }, 'Share card made without its picture: it did not decode');
    return null;
  }
}

/** The card as PNG bytes; `picture` is the stored image named by `content.image` (null when there is none). */
export async function renderShareCard(
  content: ShareCardContent,
  picture: Uint8Array | null,
  siteName: string,
  /** The line under the site's name on the brand panel, in the card's language. */
  tagline?: string,
): Promise<Buffer> {
  const placed = picture && content.image ? await placedPicture(picture, content.image.fit) : null;
  // Without its picture the card is drawn as one that never had one (the brand's panel).
  const drawn = placed ? content : { ...content, image: null };
  const overlay = Buffer.from(cardOverlaySvg(drawn, siteName, tagline));
  return (
    sharp({
      create: { width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, channels: 3, background: '#ffffff' },
    })
      .composite([{ input: overlay, left: 0, top: 0 }, ...(placed ? [placed] : [])])
      // A photo makes a full-colour PNG of about 1 MB, past what WhatsApp shows in a preview; a
      // palette brings it near 300 kB. Flat drawings and logos compress well as they are, faster.
      .png(drawn.image?.fit === 'cover' ? { palette: true, quality: 90, effort: 1 } : { compressionLevel: 6 })
      .toBuffer()
  );
}
