import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http/responses';
import { listSectors } from '~/lib/server/platform/lookups';

export const GET: APIRoute = async () => okCached(await listSectors(), 3600);
