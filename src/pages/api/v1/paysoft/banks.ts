import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http/responses';
import { listBanks } from '~/lib/server/platform/lookups';

export const GET: APIRoute = async () => okCached(await listBanks(), 3600);
