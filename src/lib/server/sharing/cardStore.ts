/**
 * Share cards kept in file storage under their fingerprint (`share/campaign/<id>/<fp>.png`): a
 * restart or a second process finds a card already drawn, and any change to what a card shows
 * is a new key. A small pointer beside them (`current.txt`) names the latest, so the one it
 * replaces can be deleted. A card in another language than English is kept under its language
 * (`share/campaign/<id>/zu/<fp>.png`, with its own pointer), so the languages never retire each
 * other's cards.
 */
import { m } from '~/lib/i18n';
import { baseLocale, type Locale } from '~/lib/i18n/languages';
import { demoPictureSvg } from '~/lib/server/db/seed/demo-images';
import { currentLocale } from '~/lib/server/i18n/locale';
import { imageUrl } from '~/lib/server/platform/files';
import { runImageJob } from '~/lib/server/platform/imageJobs';
import { log } from '~/lib/server/platform/log';
import { SITE_NAME } from '~/lib/server/platform/mailLayout';
import { getStorage } from '~/lib/server/platform/storage';
import type { StoredObject } from '~/lib/server/platform/storageContract';
import { cardFingerprint, type ShareCardContent } from './cardContent';
import { renderShareCard } from './renderCard';

export type ShareCardKind = 'campaign' | 'organisation' | 'event';

export interface ShareCardImage {
  png: Uint8Array;
  fingerprint: string;
}

/** Where a card's files are: English ones where they always were, the others in their language's folder. */
const folderOf = (kind: ShareCardKind, id: string, locale: Locale): string =>
  locale === baseLocale ? `share/${kind}/${id}` : `share/${kind}/${id}/${locale}`;
const cardKey = (kind: ShareCardKind, id: string, fingerprint: string, locale: Locale): string =>
  `${folderOf(kind, id, locale)}/${fingerprint}.png`;
const pointerKey = (kind: ShareCardKind, id: string, locale: Locale): string =>
  `${folderOf(kind, id, locale)}/current.txt`;

/** Cards being drawn in this process, by key: a burst of previews of a new card draws it once. */
const drawing = new Map<string, Promise<ShareCardImage>>();

async function bytesOf(stored: StoredObject | null): Promise<Uint8Array | null> {
  return stored ? new Uint8Array(await new Response(stored.body).arrayBuffer()) : null;
}

/**
 * The picture a card draws: a demo picture's SVG made again from the seed's code, or the stored
 * width closest above the card's, else the stored default.
 */
async function readPicture(content: ShareCardContent): Promise<Uint8Array | null> {
  if (!content.image) return null;
  const { key } = content.image;
  const demo = demoPictureSvg(key);
  if (demo !== null) return new TextEncoder().encode(demo);
  const storage = getStorage();
  const wide = imageUrl({ id: '', storageKey: key, url: null }, 1200).replace(/^\/files\//, '');
  return (await bytesOf(await storage.get(wide))) ?? (wide === key ? null : bytesOf(await storage.get(key)));
}

/** Deletes the card `fingerprint` replaces and points at the new one; a failure only leaves a file behind. */
async function retirePrevious(
  kind: ShareCardKind,
  id: string,
  fingerprint: string,
  locale: Locale,
): Promise<void> {
  const storage = getStorage();
  try {
    const previous = new TextDecoder().decode(
      (await bytesOf(await storage.get(pointerKey(kind, id, locale)))) ?? new Uint8Array(),
    );
    if (/^[0-9a-f]{16}$/.test(previous) && previous !== fingerprint) {
      await storage.delete(cardKey(kind, id, previous, locale));
    }
    await storage.put(pointerKey(kind, id, locale), new TextEncoder().encode(fingerprint), 'text/plain');
  } catch (error) {
    log.warn({ area: 'sharing', kind, subjectId: id, err: error }, 'Previous share card not retired');
  }
}

async function drawAndStore(
  kind: ShareCardKind,
  id: string,
  content: ShareCardContent,
  fingerprint: string,
  locale: Locale,
): Promise<ShareCardImage> {
  const storage = getStorage();
  const key = cardKey(kind, id, fingerprint, locale);
  const stored = await bytesOf(await storage.get(key));
  if (stored) return { png: stored, fingerprint };
  // The card's own words are read here, in the request's language: the queue may run the job elsewhere.
  const tagline = m.share_card_tagline();
  // Decoding the picture and encoding the card go through the one image queue, like uploads.
  const png = await runImageJob(async () =>
    renderShareCard(content, await readPicture(content), SITE_NAME, tagline),
  );
  await storage.put(key, png, 'image/png');
  await retirePrevious(kind, id, fingerprint, locale);
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), fingerprint };
}

/**
 * The card showing `content` for the campaign, organisation or event `id`, in the current language:
 * from storage, else drawn and stored.
 */
export function storedShareCard(
  kind: ShareCardKind,
  id: string,
  content: ShareCardContent,
): Promise<ShareCardImage> {
  const locale = currentLocale();
  const fingerprint = cardFingerprint(content);
  const key = cardKey(kind, id, fingerprint, locale);
  let card = drawing.get(key);
  if (!card) {
    card = drawAndStore(kind, id, content, fingerprint, locale).finally(() => drawing.delete(key));
    drawing.set(key, card);
  }
  return card;
}
