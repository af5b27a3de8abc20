import sharp from 'sharp';
import { demoPictureSvg } from '~/lib/server/db/seed/demo-images';
import { type FileRef, imageUrl } from '~/lib/server/platform/files';
import { log } from '~/lib/server/platform/log';
import { getStorage } from '~/lib/server/platform/storage';

/** About 200 dpi across an A4 page's printable width: sharp in print, a few hundred KB in the PDF. */
export const PRINT_IMAGE_WIDTH = 1400;

export interface PrintableImage {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

/**
 * The bytes of a campaign image at its widest stored size. Uploads live in storage, re-encoded as
 * WebP. The demo campaigns' pictures are SVGs bundled as static files: their SVG is made again here
 * from the seed's own code, so sharp's SVG decoder never reads a file anyone could have written.
 */
async function sourceBytesOf(file: FileRef): Promise<Uint8Array | null> {
  const widest = imageUrl(file, Number.POSITIVE_INFINITY);
  if (widest.startsWith('/files/images/')) {
    const stored = await getStorage().get(widest.slice('/files/'.length));
    return stored ? new Uint8Array(await new Response(stored.body).arrayBuffer()) : null;
  }
  const demo = demoPictureSvg(file.storageKey);
  return demo === null ? null : new TextEncoder().encode(demo);
}

/**
 * The image as a JPEG fit for print (transparency on white), or null when its bytes cannot be
 * read: a poster without its picture is still a poster, so a storage hiccup never fails it.
 */
export async function printableImageOf(file: FileRef): Promise<PrintableImage | null> {
  try {
    const source = await sourceBytesOf(file);
    if (!source) return null;
    const { data, info } = await sharp(source)
      .resize({ width: PRINT_IMAGE_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: new Uint8Array(data), width: info.width, height: info.height };
  } catch (error) {
    log.error({ area: 'poster', fileId: file.id, err: error }, 'Campaign picture not prepared for print');
    return null;
  }
}
