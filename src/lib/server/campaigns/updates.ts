import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { CampaignUpdate, CampaignUpdatesPage } from '~/lib/contracts/campaigns';
import {
  CAMPAIGN_UPDATE_LIMITS,
  CAMPAIGN_UPDATE_MESSAGES,
  type CampaignUpdatePostInput,
} from '~/lib/schemas/campaignUpdate';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { campaigns, campaignUpdateMedia, campaignUpdates, storedFiles, users } from '~/lib/server/db/schema';
import { badRequest, forbidden, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import type { MultipartGate } from '~/lib/server/http/multipartGate';
import { type PageQuery, paginationOf } from '~/lib/server/http/paging';
import { recordAudit } from '~/lib/server/platform/audit';
import { imageSrcSet, imageUrl } from '~/lib/server/platform/files';
import { sanitizeStoryHtml, textOfHtml } from '~/lib/server/platform/sanitizeHtml';
import {
  assertCanViewCampaign,
  CAMPAIGN_ACCESS_MESSAGES,
  editableBy,
  findCampaignById,
  findCampaignForEdit,
} from './access';
import { findCampaignByIdentifier } from './details';
import { discardFiles, saveUploadedImages } from './images';
import { embedUrlsOf } from './videos';

export const UPDATE_NOT_FOUND = 'Update not found.';

async function viewsOf(
  rows: { update: typeof campaignUpdates.$inferSelect; firstName: string | null; lastName: string | null }[],
): Promise<CampaignUpdate[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const media = await db
    .select({ media: campaignUpdateMedia, file: storedFiles })
    .from(campaignUpdateMedia)
    .leftJoin(storedFiles, eq(storedFiles.id, campaignUpdateMedia.fileId))
    .where(
      inArray(
        campaignUpdateMedia.campaignUpdateId,
        rows.map((r) => r.update.id),
      ),
    )
    .orderBy(asc(campaignUpdateMedia.position));
  return rows.map(({ update, firstName, lastName }) => {
    const own = media.filter((m) => m.media.campaignUpdateId === update.id);
    return {
      id: update.id,
      userId: update.userId,
      firstName: firstName ?? '',
      lastName: lastName ?? '',
      description: update.description,
      images: own.flatMap(({ file }) =>
        file ? [{ url: imageUrl(file), fileName: file.originalName, srcSet: imageSrcSet(file) }] : [],
      ),
      videos: embedUrlsOf(own.flatMap(({ media: m }) => (m.kind === 'video' && m.url ? [m.url] : []))),
      campaignId: update.campaignId,
      createdAt: update.createdAt.toISOString(),
    };
  });
}

const updateColumns = { update: campaignUpdates, firstName: users.firstName, lastName: users.lastName };

async function loadUpdate(id: string): Promise<CampaignUpdate | null> {
  const db = await getDb();
  const rows = await db
    .select(updateColumns)
    .from(campaignUpdates)
    .leftJoin(users, eq(users.id, campaignUpdates.userId))
    .where(eq(campaignUpdates.id, id));
  return (await viewsOf(rows))[0] ?? null;
}

/**
 * The check `POST /campaigns/campaign-updates` makes before it reads the
 * upload: the campaign's id travels inside the multipart body, so here the
 * rule is "may change some campaign" (403 otherwise). Someone who may change
 * none is refused without the server reading their 26 MB; the campaign itself
 * is checked once the form is read (postCampaignUpdate).
 */
export async function assertMayPostUpdates(user: SessionUser): Promise<void> {
  if (user.role === 'admin') return;
  const db = await getDb();
  const [editable] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(editableBy(user.id))
    .limit(1);
  if (!editable) throw forbidden(CAMPAIGN_ACCESS_MESSAGES.forbidden);
}

/**
 * The upload's gate (readMultipart): as soon as `campaignId` has streamed in, 404 for an unknown
 * campaign and 403 when `user` may not post on it, before any image is read. A malformed id is
 * left to the schema.
 */
export function campaignUpdateGate(user: SessionUser): MultipartGate {
  return {
    field: 'campaignId',
    check: async (id) => {
      if (uuidOrNull(id.trim())) await findCampaignForEdit(user, id.trim());
    },
  };
}

/**
 * `POST /campaigns/campaign-updates`: a post on the campaign's page by anyone
 * who may change the campaign. The description is sanitised like the story
 * and must keep some text; at most 5 images and 5 videos.
 */
export async function postCampaignUpdate(
  user: SessionUser,
  input: CampaignUpdatePostInput,
  images: readonly File[],
): Promise<CampaignUpdate> {
  const campaign = await findCampaignForEdit(user, input.campaignId);
  if (images.length > CAMPAIGN_UPDATE_LIMITS.images) {
    throw badRequest(CAMPAIGN_UPDATE_MESSAGES.imagesMax, { images: [CAMPAIGN_UPDATE_MESSAGES.imagesMax] });
  }
  const description = sanitizeStoryHtml(input.description);
  if (textOfHtml(description) === '') {
    throw badRequest(CAMPAIGN_UPDATE_MESSAGES.descriptionRequired, {
      description: [CAMPAIGN_UPDATE_MESSAGES.descriptionRequired],
    });
  }
  const saved = await saveUploadedImages(images, user.id, 'update');
  const db = await getDb();
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(campaignUpdates)
        .values({ campaignId: campaign.id, userId: user.id, description })
        .returning({ id: campaignUpdates.id });
      if (!row) throw new Error('The new update row was not returned.');
      const media = [
        ...saved.map((image) => ({ kind: 'image' as const, fileId: image.fileId, url: null })),
        ...input.videos.map((url) => ({ kind: 'video' as const, fileId: null, url })),
      ];
      if (media.length > 0) {
        await tx
          .insert(campaignUpdateMedia)
          .values(media.map((m, position) => ({ ...m, campaignUpdateId: row.id, position })));
      }
      await recordAudit(
        { actorId: user.id, action: 'campaign-update-post', entity: 'campaign_update', entityId: row.id },
        tx,
      );
      return row.id;
    });
  } catch (error) {
    await discardFiles(saved.map((s) => s.fileId));
    throw error;
  }
  const view = await loadUpdate(id);
  if (!view) throw notFound(UPDATE_NOT_FOUND);
  return view;
}

/** `GET /campaigns/campaign-updates/{id}`: one update, for anyone who may see its campaign. */
export async function getCampaignUpdate(id: string, viewer: SessionUser | null): Promise<CampaignUpdate> {
  const updateId = uuidOrNull(id);
  const view = updateId ? await loadUpdate(updateId) : null;
  const campaign = view ? await findCampaignById(view.campaignId) : null;
  if (!view || !campaign) throw notFound(UPDATE_NOT_FOUND);
  await assertCanViewCampaign(viewer, campaign);
  return view;
}

/** `GET /campaigns/campaign-updates/list/{identifier}?idType=`: a campaign's updates, newest first. */
export async function listCampaignUpdates(
  identifier: string,
  idType: number,
  viewer: SessionUser | null,
  page: PageQuery,
): Promise<CampaignUpdatesPage> {
  const campaign = await findCampaignByIdentifier(identifier, idType);
  if (!campaign) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  await assertCanViewCampaign(viewer, campaign);
  return listUpdatesOfCampaign(campaign.id, page);
}

/**
 * A page of a campaign's updates, newest first, for a caller that has already found the campaign
 * and checked that the viewer may see it (the campaign page, which read its detail).
 */
export async function listUpdatesOfCampaign(
  campaignId: string,
  page: PageQuery,
): Promise<CampaignUpdatesPage> {
  const db = await getDb();
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(campaignUpdates).where(eq(campaignUpdates.campaignId, campaignId)),
    db
      .select(updateColumns)
      .from(campaignUpdates)
      .leftJoin(users, eq(users.id, campaignUpdates.userId))
      .where(eq(campaignUpdates.campaignId, campaignId))
      .orderBy(desc(campaignUpdates.createdAt), desc(campaignUpdates.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
  ]);
  return {
    items: await viewsOf(rows),
    paginationMetadata: paginationOf(total[0]?.n ?? 0, page.pageNo, page.pageSize),
  };
}
