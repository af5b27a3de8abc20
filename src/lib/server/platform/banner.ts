import { desc, eq, isNull, ne, or } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { BANNER_LINK_SCHEMES, BANNER_TAGS } from '~/lib/bannerMarkup';
import type { Banner, BannerPreview } from '~/lib/contracts/platform';
import type { BannerInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { banners } from '~/lib/server/db/schema';
import { recordAudit } from './audit';

// The banner is rendered as HTML on every page, and tokens live in localStorage:
// only inline formatting and safe links may get through.
const BANNER_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...BANNER_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: [...BANNER_LINK_SCHEMES],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
};

/** An admin's banner HTML reduced to the tags and links the banner may show. */
export function sanitizeBannerHtml(html: string): string {
  return sanitizeHtml(html, BANNER_HTML);
}

/** `POST /admin/banner/preview`: what saving `message` would keep, for the editor's live preview. */
export function previewBanner(message: string): BannerPreview {
  return { message: sanitizeBannerHtml(message) };
}

/**
 * The banner to show: the newest visible one, else the newest at all (which
 * tells the browser to hide it), else null. With `domain`, only banners for
 * that host or for every host count.
 */
export async function getCurrentBanner(domain?: string): Promise<Banner | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: banners.id,
      message: banners.message,
      domain: banners.domain,
      isVisible: banners.isVisible,
    })
    .from(banners)
    .where(
      domain === undefined
        ? undefined
        : or(isNull(banners.domain), eq(banners.domain, ''), eq(banners.domain, domain)),
    )
    .orderBy(desc(banners.isVisible), desc(banners.createdAt), desc(banners.id))
    .limit(1);
  return row ? { ...row, message: sanitizeBannerHtml(row.message) } : null;
}

/**
 * `PUT /admin/banner`: every change is a new banner (a new id), so visitors who
 * closed the old one see the new one; the others stop showing. The message is
 * sanitised before it is stored (and again when served). One audit entry.
 */
export async function replaceBanner(admin: SessionUser, input: BannerInput): Promise<Banner> {
  const before = await getCurrentBanner();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(banners)
      .values({
        message: sanitizeBannerHtml(input.message),
        isVisible: input.isVisible,
        domain: input.domain,
      })
      .returning({
        id: banners.id,
        message: banners.message,
        domain: banners.domain,
        isVisible: banners.isVisible,
      });
    if (!saved) throw new Error('The banner was not saved');
    await tx.update(banners).set({ isVisible: false }).where(ne(banners.id, saved.id));
    await recordAudit(
      {
        actorId: admin.id,
        action: 'admin-banner',
        entity: 'banner',
        entityId: String(saved.id),
        before,
        after: saved,
      },
      tx,
    );
    return saved;
  });
}
