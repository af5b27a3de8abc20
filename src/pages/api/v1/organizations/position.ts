import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http';
import { listPositions } from '~/lib/server/lookups';

export const GET: APIRoute = async () => okCached(await listPositions(), 3600);
