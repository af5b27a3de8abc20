import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http';
import { listSectors } from '~/lib/server/lookups';

export const GET: APIRoute = async () => okCached(await listSectors(), 3600);
