import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http/responses';
import { listPositions } from '~/lib/server/platform/lookups';

export const GET: APIRoute = async () => okCached(await listPositions(), 3600);
