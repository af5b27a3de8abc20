import type { APIRoute } from 'astro';
import { campaignSearchSchema, searchParamsInput } from '~/lib/schemas/campaignSearch';
import { searchCampaigns } from '~/lib/server/campaignSearch';
import { ok } from '~/lib/server/http';
import { parseInput } from '~/lib/server/validate';

export const GET: APIRoute = async ({ url }) => {
  const input = parseInput(campaignSearchSchema, searchParamsInput(url.searchParams));
  return ok(await searchCampaigns(input));
};
