import type { APIRoute } from 'astro';
import { idTypeOf } from '~/lib/server/campaigns/details';
import { notFound } from '~/lib/server/http/errors';
import { ok } from '~/lib/server/http/responses';
import { ORGANISATION_ACCESS_MESSAGES } from '~/lib/server/organisations/access';
import { getOrganisationPublicDetails } from '~/lib/server/organisations/publicDetails';

/** Public: an organisation's public details by url (idType 0, the default) or id (idType 1). */
export const GET: APIRoute = async (ctx) => {
  const idType = idTypeOf(ctx.url.searchParams.get('idType'));
  const details = await getOrganisationPublicDetails(ctx.params.identifier ?? '', idType);
  if (!details) throw notFound(ORGANISATION_ACCESS_MESSAGES.notFound);
  return ok(details);
};
