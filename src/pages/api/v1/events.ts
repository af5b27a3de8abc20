import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http';
import { listEvents } from '~/lib/server/lookups';

export const GET: APIRoute = async () => okCached(await listEvents(), 300);
