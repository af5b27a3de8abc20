import type { APIRoute } from 'astro';
import { findOutreachCampaign } from '~/lib/server/outreach/outreachCampaign';
import { campaignPosterPdf } from '~/lib/server/outreach/poster';
import { notFoundResponse, pdfResponse } from '~/lib/server/outreach/responses';
import { snapscanPosterLink } from '~/lib/server/payments/snapscan';

/**
 * A printable A4 poster of the campaign; 404 for a draft or hidden campaign. `?snapscan=1` (the
 * owner's choice in the Share & promote tab) adds the campaign's SnapScan code where it takes
 * SnapScan; the same for every visitor, so the answer stays cacheable.
 */
export const GET: APIRoute = async (ctx) => {
  const campaign = await findOutreachCampaign(ctx.params.url ?? '');
  if (!campaign) return notFoundResponse();
  const withSnapscan = ctx.url.searchParams.get('snapscan') === '1' && campaign.takesSnapscan;
  const snapscanLink = withSnapscan ? snapscanPosterLink(campaign.id) : null;
  return pdfResponse(await campaignPosterPdf(campaign, { snapscanLink }), `${campaign.url}-poster.pdf`);
};
