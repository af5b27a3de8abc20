import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http/responses';
import { listOrganisationTypes } from '~/lib/server/platform/lookups';

export const GET: APIRoute = async () => okCached(await listOrganisationTypes(), 3600);
