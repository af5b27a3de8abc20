import type { APIRoute } from 'astro';
import { campaignSearchSchema, searchParamsInput } from '~/lib/schemas/search';
import { searchCampaigns } from '~/lib/server/campaigns/search';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const GET: APIRoute = async ({ url }) => {
  const input = parseInput(campaignSearchSchema, searchParamsInput(url.searchParams));
  return ok(await searchCampaigns(input));
};
