import type { APIRoute } from 'astro';
import { findOutreachCampaign } from '~/lib/server/outreach/outreachCampaign';
import { notFoundResponse, widgetResponse } from '~/lib/server/outreach/responses';
import { widgetHtml } from '~/lib/server/outreach/widget';

/** The donate widget partners put in an <iframe>: plain HTML, no script; 404 for a draft or hidden campaign. */
export const GET: APIRoute = async (ctx) => {
  const campaign = await findOutreachCampaign(ctx.params.url ?? '');
  if (!campaign) return notFoundResponse();
  return widgetResponse(widgetHtml(campaign));
};
