import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http';
import { listCloseReasons } from '~/lib/server/lookups';

export const GET: APIRoute = async () => okCached(await listCloseReasons(), 300);
