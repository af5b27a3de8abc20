import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http/responses';
import { listCloseReasons } from '~/lib/server/platform/lookups';

export const GET: APIRoute = async () => okCached(await listCloseReasons(), 300);
