import type { APIRoute } from 'astro';
import { organisationSearchSchema, searchParamsInput } from '~/lib/schemas/search';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { searchOrganisations } from '~/lib/server/organisations/search';

/** Public: organisation cards matching the query, a page at a time (docs/api/organisations.md). */
export const GET: APIRoute = async ({ url }) => {
  const input = parseInput(organisationSearchSchema, searchParamsInput(url.searchParams));
  return ok(await searchOrganisations(input));
};
