import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http/responses';
import { listCampaignCategories } from '~/lib/server/platform/lookups';

export const GET: APIRoute = async () => okCached(await listCampaignCategories(), 300);
