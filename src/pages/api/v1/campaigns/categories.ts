import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http';
import { listCampaignCategories } from '~/lib/server/lookups';

export const GET: APIRoute = async () => okCached(await listCampaignCategories(), 300);
