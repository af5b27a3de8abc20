import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { isUuid, UUID_PATTERN } from '~/lib/ids';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { storedFiles } from '~/lib/server/db/schema';
import { badRequest, HttpError } from '~/lib/server/http/errors';
import { runImageJob } from './imageJobs';
import { log } from './log';
import { enforceRateLimits, RATE_LIMITS, tooManyRequests } from './rateLimit';
import { getStorage } from './storage';
import { isSafeStorageKey } from './storageContract';

export type ImagePurpose = 'avatar' | 'campaign' | 'update' | 'logo';
export type DocumentMimeType = 'application/pdf' | 'image/jpeg' | 'image/png';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const MAX_IMAGE_PIXELS = 40_000_000;

/** WebP widths made for each purpose; the url stored on the row is the default's. */
const VARIANTS: Record<ImagePurpose, { widths: number[]; default: number; square: boolean }> = {
  avatar: { widths: [96, 256], default: 256, square: true },
  campaign: { widths: [480, 960, 1600], default: 960, square: false },
  update: { widths: [480, 960, 1600], default: 960, square: false },
  logo: { widths: [160, 320], default: 320, square: false },
};

const IMAGE_FORMATS = 'Please upload a JPEG, PNG, WebP, GIF or AVIF image.';
/** A picture whose first bytes say JPEG, PNG… but whose header or pixels cannot be decoded. */
export const PICTURE_UNREADABLE = 'This picture could not be read. Try another file.';
const IMAGE_TOO_LARGE = 'The image is too large. The maximum is 5 MB.';

const IMAGE_KEY = new RegExp(`^images/(avatar|campaign|update|logo)/(${UUID_PATTERN})/(\\d+)\\.webp$`);

const imageKey = (purpose: ImagePurpose, id: string, width: number): string =>
  `images/${purpose}/${id}/${width}.webp`;

function parseImageKey(key: string): { purpose: ImagePurpose; id: string; width: number } | null {
  const match = IMAGE_KEY.exec(key);
  if (!match) return null;
  const purpose = match[1] as ImagePurpose;
  const width = Number(match[3]);
  return VARIANTS[purpose].widths.includes(width) ? { purpose, id: match[2] as string, width } : null;
}

/** A name fit to show and to send back in content-disposition: no directories, no control characters. */
function cleanName(originalName: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean.slice(0, 200) || 'file';
}

const startsWith = (bytes: Uint8Array, text: string, offset = 0): boolean =>
  [...text].every((char, i) => bytes[offset + i] === char.charCodeAt(0));

/**
 * The first bytes of the formats we take. sharp also reads SVG (librsvg and libxml2, which follow
 * references and expand entities), TIFF and raw camera files: none of those decoders may see an
 * upload, so anything else is refused before sharp is called.
 */
const IMAGE_SIGNATURES: ((bytes: Uint8Array) => boolean)[] = [
  (b) => startsWith(b, '\xff\xd8\xff'),
  (b) => startsWith(b, '\x89PNG\r\n\x1a\n'),
  (b) => startsWith(b, 'GIF87a') || startsWith(b, 'GIF89a'),
  (b) => startsWith(b, 'RIFF') && startsWith(b, 'WEBP', 8),
  // An ISO media file (AVIF) whose brand sharp then has to confirm as AV1.
  (b) => startsWith(b, 'ftyp', 4),
];

/**
 * Checks the format and the size of the first frame. Only that frame is ever
 * decoded (`pages: 1`): an animation is stored as its first picture, so a
 * many-frame GIF costs no more than one still image.
 */
async function checkImage(bytes: Uint8Array): Promise<void> {
  if (!IMAGE_SIGNATURES.some((matches) => matches(bytes))) throw badRequest(IMAGE_FORMATS);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { pages: 1, limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(PICTURE_UNREADABLE);
  }
  const isAvif = meta.format === 'heif' && meta.compression === 'av1';
  if (!(['jpeg', 'png', 'webp', 'gif'].includes(meta.format ?? '') || isAvif))
    throw badRequest(IMAGE_FORMATS);
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if ((meta.width ?? 0) * frameHeight > MAX_IMAGE_PIXELS) {
    throw new HttpError(413, 'The image is too large. The maximum is 40 megapixels.');
  }
}

/** Counts an upload of the account; 429 past the limit, before any work on the file. */
function limitUploads(ownerId: string): Promise<void> {
  return enforceRateLimits([{ rule: RATE_LIMITS.uploadAccount, subject: ownerId }], tooManyRequests);
}

/**
 * Checks an uploaded image by its content, turns it upright, drops its
 * metadata (camera GPS included) and stores it as WebP in the widths its
 * purpose needs (never enlarged). One public stored_files row points at the
 * default width. Throws 400 for other content, 400 'This picture could not be read. Try another
 * file.' (nothing stored) for a picture sharp cannot decode or re-encode, and 413 over 5 MB or 40 megapixels.
 */
export async function saveImage(input: {
  bytes: Uint8Array;
  originalName: string;
  ownerId: string;
  purpose: ImagePurpose;
}): Promise<{ id: string; url: string }> {
  const { bytes, purpose } = input;
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE);
  await limitUploads(input.ownerId);
  const spec = VARIANTS[purpose];
  const id = randomUUID();
  const encoded = await runImageJob(async () => {
    await checkImage(bytes);
    return Promise.all(
      spec.widths.map(async (width) => {
        const data = await sharp(bytes, { pages: 1, limitInputPixels: MAX_IMAGE_PIXELS })
          .autoOrient()
          .resize({ width, height: spec.square ? width : undefined, fit: 'cover', withoutEnlargement: true })
          .webp({ quality: 82, effort: 4 })
          .toBuffer();
        return { width, data };
      }),
    );
  }).catch((error: unknown) => {
    // The check's own answers (400, 413) and a full queue (503) go to the client as they are.
    if (error instanceof HttpError) throw error;
    // Metadata was readable but the pixels are not (a truncated file, say): nothing was stored yet.
    log.warn(
      { area: 'files', purpose, fileId: id, err: error },
      'Picture not re-encoded: its pixels are unreadable',
    );
    throw badRequest(PICTURE_UNREADABLE);
  });
  const keys = encoded.map(({ width }) => imageKey(purpose, id, width));
  const storage = getStorage();
  const defaultKey = imageKey(purpose, id, spec.default);
  const url = `/files/${defaultKey}`;
  try {
    await Promise.all(
      encoded.map(({ width, data }) => storage.put(imageKey(purpose, id, width), data, 'image/webp')),
    );
    const db = await getDb();
    await db.insert(storedFiles).values({
      id,
      storageKey: defaultKey,
      url,
      originalName: cleanName(input.originalName),
      mimeType: 'image/webp',
      size: encoded.find((e) => e.width === spec.default)?.data.byteLength ?? 0,
      isPrivate: false,
      ownerId: input.ownerId,
    });
  } catch (error) {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return { id, url };
}

const DOCUMENT_SIGNATURES: { type: DocumentMimeType; ext: string; label: string; magic: number[] }[] = [
  { type: 'application/pdf', ext: 'pdf', label: 'PDF', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/jpeg', ext: 'jpg', label: 'JPEG', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/png', ext: 'png', label: 'PNG', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

function listOfLabels(labels: string[]): string {
  return labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/**
 * Stores a private document (identity, banking, legal) as it was uploaded,
 * after checking its type by its first bytes: only its owner and admins can
 * fetch it. Throws 400 for another type and 413 over 10 MB.
 */
export async function saveDocument(input: {
  bytes: Uint8Array;
  originalName: string;
  ownerId: string;
  mimeTypes?: DocumentMimeType[];
}): Promise<{ id: string; url: string }> {
  const allowed = DOCUMENT_SIGNATURES.filter((s) => (input.mimeTypes ?? [s.type]).includes(s.type));
  const { bytes } = input;
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw new HttpError(413, 'The file is too large. The maximum is 10 MB.');
  }
  await limitUploads(input.ownerId);
  const kind = allowed.find((s) => s.magic.every((byte, i) => bytes[i] === byte));
  if (!kind) throw badRequest(`Please upload a ${listOfLabels(allowed.map((s) => s.label))} file.`);
  const id = randomUUID();
  const storageKey = `documents/${id}.${kind.ext}`;
  const storage = getStorage();
  await storage.put(storageKey, bytes, kind.type);
  const url = `/files/${storageKey}`;
  try {
    const db = await getDb();
    await db.insert(storedFiles).values({
      id,
      storageKey,
      url,
      originalName: cleanName(input.originalName),
      mimeType: kind.type,
      size: bytes.byteLength,
      isPrivate: true,
      ownerId: input.ownerId,
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  return { id, url };
}

/** Every storage key a row's bytes live under (all widths of an image). */
export function keysOf(file: { storageKey: string }): string[] {
  const image = parseImageKey(file.storageKey);
  if (!image) return [file.storageKey];
  return VARIANTS[image.purpose].widths.map((width) => imageKey(image.purpose, image.id, width));
}

/** Deletes the row and every stored variant; false when there was no such file. */
export async function deleteStoredFile(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const [row] = await db.delete(storedFiles).where(eq(storedFiles.id, id)).returning();
  if (!row) return false;
  const storage = getStorage();
  // Bundled demo files (storage key demo/…) live in public/, not in storage: nothing to delete.
  const keys = keysOf(row).filter(isSafeStorageKey);
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const result of results) {
    if (result.status === 'rejected')
      log.error({ area: 'files', fileId: id, err: result.reason }, 'A stored variant was not deleted');
  }
  return true;
}

export interface FileRef {
  id: string;
  storageKey: string;
  url: string | null;
}

/** The URL of an image at the smallest stored width ≥ `width` (the largest when none is); the stored url without one. */
export function imageUrl(file: FileRef, width?: number): string {
  const image = parseImageKey(file.storageKey);
  if (!image || width === undefined) return file.url ?? `/files/${file.id}`;
  const widths = VARIANTS[image.purpose].widths;
  const chosen = widths.find((w) => w >= width) ?? widths.at(-1) ?? image.width;
  return `/files/${imageKey(image.purpose, image.id, chosen)}`;
}

/** A `srcset` listing every stored width of an image, or null for files stored once. */
export function imageSrcSet(file: FileRef): string | null {
  const image = parseImageKey(file.storageKey);
  if (!image) return null;
  return VARIANTS[image.purpose].widths
    .map((w) => `/files/${imageKey(image.purpose, image.id, w)} ${w}w`)
    .join(', ');
}

export interface OpenedFile {
  /** Streamed from storage; cancel it when it is not sent (a 304). */
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
  etag: string;
  isPrivate: boolean;
  fileName: string;
}

/**
 * The bytes behind `/files/<key>` for this viewer, or null: unknown keys,
 * files missing from storage, and private files of someone else (a non-admin)
 * all look the same. `key` may also be a file id (its default variant).
 */
export async function openStoredFile(key: string, viewer: SessionUser | null): Promise<OpenedFile | null> {
  const db = await getDb();
  const image = parseImageKey(key);
  const byId = image?.id ?? (isUuid(key) ? key : null);
  if (!byId && !isSafeStorageKey(key)) return null;
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(byId ? eq(storedFiles.id, byId) : eq(storedFiles.storageKey, key))
    .limit(1);
  if (!row) return null;
  // A variant must belong to the row it names (same purpose and id); otherwise serve the row's own key.
  let storageKey = row.storageKey;
  if (image) {
    const own = parseImageKey(row.storageKey);
    if (own?.purpose !== image.purpose) return null;
    storageKey = key;
  }
  if (row.isPrivate && !(viewer && (viewer.role === 'admin' || viewer.id === row.ownerId))) return null;
  if (!isSafeStorageKey(storageKey)) return null;
  const stored = await getStorage().get(storageKey);
  if (!stored) return null;
  return {
    body: stored.body,
    size: stored.size,
    contentType: image ? 'image/webp' : row.mimeType,
    etag: stored.etag,
    isPrivate: row.isPrivate,
    fileName: row.originalName,
  };
}
