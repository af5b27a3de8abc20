import type { APIRoute } from 'astro';
import { findOutreachCampaign } from '~/lib/server/outreach/outreachCampaign';
import { campaignQrLink, qrSvgOf } from '~/lib/server/outreach/qrCode';
import { notFoundResponse, svgResponse } from '~/lib/server/outreach/responses';

/** The QR code of the campaign's short link (marked ?ref=qr), for posters, flyers and slides; 404 for a draft or hidden campaign. */
export const GET: APIRoute = async (ctx) => {
  const campaign = await findOutreachCampaign(ctx.params.url ?? '');
  if (!campaign) return notFoundResponse();
  return svgResponse(qrSvgOf(campaignQrLink(campaign.shortUrl)));
};
