import { asc, eq, inArray } from 'drizzle-orm';
import type { ImageView } from '~/lib/contracts/campaigns';
import type { ImageDetail } from '~/lib/schemas/campaign';
import { getDb } from '~/lib/server/db';
import { campaignImages, storedFiles } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { bytesOf } from '~/lib/server/http/formData';
import {
  deleteStoredFile,
  type FileRef,
  imageSrcSet,
  imageUrl,
  saveImage,
} from '~/lib/server/platform/files';
import { log } from '~/lib/server/platform/log';

export interface SavedImage {
  fileId: string;
  url: string;
  fileName: string;
}

export interface ExistingImage extends SavedImage {
  rowId: string;
  alt: string | null;
}

/**
 * Stores uploaded images one at a time (each is decoded and re-encoded: one
 * at a time bounds the memory a request takes). A failure removes the ones
 * already stored and rethrows.
 */
export async function saveUploadedImages(
  files: readonly File[],
  ownerId: string,
  purpose: 'campaign' | 'update',
): Promise<SavedImage[]> {
  const saved: SavedImage[] = [];
  try {
    for (const file of files) {
      const stored = await saveImage({
        bytes: await bytesOf(file),
        originalName: file.name,
        ownerId,
        purpose,
      });
      saved.push({ fileId: stored.id, url: stored.url, fileName: file.name });
    }
  } catch (error) {
    await discardFiles(saved.map((s) => s.fileId));
    throw error;
  }
  return saved;
}

/** Deletes stored files no row refers to any more (after a failed save or a removal); failures are logged. */
export async function discardFiles(fileIds: readonly string[]): Promise<void> {
  for (const id of fileIds) {
    await deleteStoredFile(id).catch((error: unknown) => {
      log.error({ area: 'campaigns', fileId: id, err: error }, 'Stored file not deleted');
    });
  }
}

/** A campaign's images in display order. */
export async function loadCampaignImages(campaignId: string, db?: DbOrTx): Promise<ExistingImage[]> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select({ image: campaignImages, file: storedFiles })
    .from(campaignImages)
    .innerJoin(storedFiles, eq(storedFiles.id, campaignImages.fileId))
    .where(eq(campaignImages.campaignId, campaignId))
    .orderBy(asc(campaignImages.position), asc(campaignImages.createdAt));
  return rows
    .filter((r) => !r.image.deleted)
    .map((r) => ({
      rowId: r.image.id,
      fileId: r.file.id,
      url: imageUrl(r.file),
      fileName: r.file.originalName,
      alt: r.image.alt,
    }));
}

/** Image views of many campaigns' images at once, by campaign id, in display order. */
/** A stored image as the detail query reads it (the fields its urls are made of). */
export interface StoredImage extends FileRef {
  originalName: string;
}

export function imageViewOf(file: StoredImage): ImageView {
  return { url: imageUrl(file), fileName: file.originalName, srcSet: imageSrcSet(file) };
}

export async function imageViewsOf(campaignIds: readonly string[]): Promise<Map<string, ImageView[]>> {
  const byCampaign = new Map<string, ImageView[]>();
  if (campaignIds.length === 0) return byCampaign;
  const db = await getDb();
  const rows = await db
    .select({ campaignId: campaignImages.campaignId, deleted: campaignImages.deleted, file: storedFiles })
    .from(campaignImages)
    .innerJoin(storedFiles, eq(storedFiles.id, campaignImages.fileId))
    .where(inArray(campaignImages.campaignId, [...campaignIds]))
    .orderBy(asc(campaignImages.position), asc(campaignImages.createdAt));
  for (const row of rows) {
    if (row.deleted) continue;
    const list = byCampaign.get(row.campaignId) ?? [];
    list.push(imageViewOf(row.file));
    byCampaign.set(row.campaignId, list);
  }
  return byCampaign;
}

/** True when `url` (as the API gave it, any width) names this stored image. */
function names(url: string, image: ExistingImage): boolean {
  return url === image.url || url.includes(image.fileId);
}

/** How many existing images stay after `details` (deleted entries go). */
export function keptCount(
  existing: readonly ExistingImage[],
  details: readonly ImageDetail[] | undefined,
): number {
  const deleted = (details ?? []).filter((d) => d.deleted && d.url);
  return existing.filter((image) => !deleted.some((d) => d.url && names(d.url, image))).length;
}

export type PlannedImage = { kind: 'existing'; image: ExistingImage } | { kind: 'new'; image: SavedImage };

/**
 * The display order after an edit. `details` lists images in order: an
 * existing one by its url (kept, or removed with `deleted: true`), a new
 * upload by its file name without a url. Images it does not mention keep
 * their place after those it does, existing before new.
 */
export function planImages(
  existing: readonly ExistingImage[],
  details: readonly ImageDetail[] | undefined,
  uploads: readonly SavedImage[],
): { order: PlannedImage[]; removed: ExistingImage[] } {
  const order: PlannedImage[] = [];
  const removed: ExistingImage[] = [];
  const seen = new Set<ExistingImage>();
  const usedUploads = new Set<SavedImage>();
  const placeExisting = (url: string, deleted: boolean | undefined) => {
    const image = existing.find((e) => !seen.has(e) && names(url, e));
    if (!image) return;
    seen.add(image);
    if (deleted) removed.push(image);
    else order.push({ kind: 'existing', image });
  };
  const placeUpload = (fileName: string) => {
    const upload = uploads.find((u) => !usedUploads.has(u) && u.fileName === fileName);
    if (!upload) return;
    usedUploads.add(upload);
    order.push({ kind: 'new', image: upload });
  };
  for (const detail of details ?? []) {
    if (detail.url) placeExisting(detail.url, detail.deleted);
    else if (detail.fileName && !detail.deleted) placeUpload(detail.fileName);
  }
  for (const image of existing) if (!seen.has(image)) order.push({ kind: 'existing', image });
  for (const upload of uploads) if (!usedUploads.has(upload)) order.push({ kind: 'new', image: upload });
  return { order, removed };
}

/** Writes a plan inside the caller's transaction: removed rows go, positions follow the plan, new rows are added. */
export async function writeImagePlan(
  tx: DbOrTx,
  campaignId: string,
  plan: { order: PlannedImage[]; removed: ExistingImage[] },
): Promise<void> {
  if (plan.removed.length > 0) {
    await tx.delete(campaignImages).where(
      inArray(
        campaignImages.id,
        plan.removed.map((r) => r.rowId),
      ),
    );
  }
  for (const [position, planned] of plan.order.entries()) {
    if (planned.kind === 'existing') {
      await tx.update(campaignImages).set({ position }).where(eq(campaignImages.id, planned.image.rowId));
    } else {
      await tx.insert(campaignImages).values({ campaignId, fileId: planned.image.fileId, position });
    }
  }
}
