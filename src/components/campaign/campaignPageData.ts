/**
 * What the public campaign page needs, read from the campaigns services
 * (never over HTTP): the public detail and the first pages of updates.
 */

import type { CampaignUpdatesPage, PublicCampaignDetail } from '~/lib/contracts/campaigns';
import { IdType, PAGE_SIZES } from '~/lib/enums';
import { href } from '~/lib/i18n';
import { referralChannelOf } from '~/lib/referralChannels';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getPublicCampaignDetail } from '~/lib/server/campaigns/details';
import { listUpdatesOfCampaign } from '~/lib/server/campaigns/updates';
import { HttpError } from '~/lib/server/http/errors';
import { log } from '~/lib/server/platform/log';
import { withReferral } from '~/lib/share';
import { type CampaignView, toCampaignView } from './campaignView';
import { readPagesUpTo } from './readPagesUpTo';

export interface CampaignPageData {
  campaign: CampaignView;
  updates: CampaignUpdatesPage;
  moreUpdatesHref: string;
}

/** Pages of updates a link (without JavaScript) may ask for at once. */
const MAX_UPDATE_PAGES = 10;
/** Campaign urls are slugs; anything else is not worth a database query. */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9_-]{0,119}$/;

/** The public detail, or null where the service answers "not found" (unknown, draft, hidden). */
async function findPublicDetail(
  identifier: string,
  viewer: SessionUser | null,
): Promise<PublicCampaignDetail | null> {
  try {
    return await getPublicCampaignDetail(identifier, IdType.ByPath, viewer);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}

/** How many pages of updates the address asks for (`?updatesPage=`), 1 to MAX_UPDATE_PAGES. */
export function updatePagesOf(search: URLSearchParams): number {
  const n = Number(search.get('updatesPage'));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_UPDATE_PAGES) : 1;
}

/** The updates of a campaign whose detail the viewer was allowed to see. */
function loadUpdates(campaignId: string, pages: number): Promise<CampaignUpdatesPage> {
  const pageSize = PAGE_SIZES.campaignUpdates;
  return readPagesUpTo(pages, pageSize, (pageNo) => listUpdatesOfCampaign(campaignId, { pageNo, pageSize }));
}

/**
 * The page's data for a campaign url, or null when there is nothing the
 * viewer may see (unknown, a draft or hidden; private campaigns show to
 * anyone with the link): the page then sends the visitor to /misc/404 (SPEC §4).
 */
export async function loadCampaignPage(
  identifier: string,
  viewer: SessionUser | null,
  url: URL,
): Promise<CampaignPageData | null> {
  if (!IDENTIFIER.test(identifier)) return null;
  const detail = await findPublicDetail(identifier, viewer);
  if (!detail) return null;
  const pages = updatePagesOf(url.searchParams);
  let updates: CampaignUpdatesPage;
  try {
    updates = await loadUpdates(detail.id, pages);
  } catch (error) {
    // Updates are an extra: the campaign shows without them rather than failing.
    log.error({ area: 'pages', campaignId: detail.id, err: error }, 'Campaign updates not loaded');
    updates = {
      items: [],
      paginationMetadata: { totalCount: 0, pageCount: 0, pageNo: 1, pageSize: PAGE_SIZES.campaignUpdates },
    };
  }
  const view = toCampaignView(detail);
  // A visitor who came by a shared link (?ref=whatsapp) gives through a Donate button that says so:
  // the page is the same for everyone who follows that link, so the cache still serves it.
  const channel = referralChannelOf(url.searchParams.get('ref'));
  return {
    campaign: channel ? { ...view, donateHref: withReferral(view.donateHref, channel) } : view,
    updates,
    // The request's path is the English route (a /zu address is rewritten to it): the link keeps the language.
    moreUpdatesHref: href(`${url.pathname}?updatesPage=${pages + 1}#updates`),
  };
}
