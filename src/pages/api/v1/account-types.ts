import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http';
import { listAccountTypes } from '~/lib/server/lookups';

export const GET: APIRoute = async () => okCached(await listAccountTypes(), 3600);
