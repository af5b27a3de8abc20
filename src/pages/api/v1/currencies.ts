import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http/responses';
import { listCurrencies } from '~/lib/server/platform/lookups';

export const GET: APIRoute = async () => okCached(await listCurrencies(), 3600);
