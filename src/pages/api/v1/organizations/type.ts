import type { APIRoute } from 'astro';
import { okCached } from '~/lib/server/http';
import { listOrganisationTypes } from '~/lib/server/lookups';

export const GET: APIRoute = async () => okCached(await listOrganisationTypes(), 3600);
