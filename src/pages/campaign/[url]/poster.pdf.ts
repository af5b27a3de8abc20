import type { APIRoute } from 'astro';
import { findOutreachCampaign } from '~/lib/server/outreach/outreachCampaign';
import { campaignPosterPdf } from '~/lib/server/outreach/poster';
import { notFoundResponse, pdfResponse } from '~/lib/server/outreach/responses';

/** A printable A4 poster of the campaign; 404 for a draft or hidden campaign. */
export const GET: APIRoute = async (ctx) => {
  const campaign = await findOutreachCampaign(ctx.params.url ?? '');
  if (!campaign) return notFoundResponse();
  return pdfResponse(await campaignPosterPdf(campaign), `${campaign.url}-poster.pdf`);
};
