import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http/responses';
import { listAccountTypes } from '~/lib/server/platform/lookups';

export const GET: APIRoute = async () => okCached(await listAccountTypes(), 3600);
