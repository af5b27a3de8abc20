import type { APIRoute } from 'astro';
import { ok } from '~/lib/server/http';
import { listOrganisationsMinimal } from '~/lib/server/lookups';

// Not cached: campaign counts change as campaigns launch.
export const GET: APIRoute = async () => ok(await listOrganisationsMinimal());
