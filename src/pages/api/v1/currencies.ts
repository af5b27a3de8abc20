import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http';
import { listCurrencies } from '~/lib/server/lookups';

export const GET: APIRoute = async () => okCached(await listCurrencies(), 3600);
