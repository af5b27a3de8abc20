import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http/responses';
import { listEvents } from '~/lib/server/platform/lookups';

export const GET: APIRoute = async () => okCached(await listEvents(), 300);
