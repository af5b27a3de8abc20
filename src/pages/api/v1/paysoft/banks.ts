import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http';
import { listBanks } from '~/lib/server/lookups';

export const GET: APIRoute = async () => okCached(await listBanks(), 3600);
