import type { APIRoute } from 'astro';
import { ok } from '~/lib/server/http/responses';
import { listOrganisationsMinimal } from '~/lib/server/platform/lookups';

// Not cached: campaign counts change as campaigns launch.
export const GET: APIRoute = async () => ok(await listOrganisationsMinimal());
