import type { APIRoute } from 'astro';
import {
  ORGANISATION_JSON_FIELDS,
  ORGANISATION_MESSAGES,
  registerOrganisationSchema,
} from '~/lib/schemas/organisation';
import { requireUser } from '~/lib/server/accounts/session';
import { filesOf, MAX_ORGANISATION_FORM_BYTES, readMultipart } from '~/lib/server/http/multipart';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { getMyOrganisation } from '~/lib/server/organisations/myOrganisation';
import { registerOrganisation } from '~/lib/server/organisations/register';

/** The signed-in user's organisation (401 for visitors, 404 'You have no organisation yet.'). */
export const GET: APIRoute = async (ctx) => ok(await getMyOrganisation(requireUser(ctx)));

/** Registers an organisation with the caller as its Owner (multipart; docs/api/organisations.md). */
export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const form = await readMultipart(ctx.request, MAX_ORGANISATION_FORM_BYTES, ORGANISATION_JSON_FIELDS);
  const input = parseInput(registerOrganisationSchema, form.fields);
  const organisation = await registerOrganisation(user, input, {
    logo: filesOf(form, 'logo'),
    s18Certificate: filesOf(form, 's18Certificate'),
  });
  return ok(organisation, ORGANISATION_MESSAGES.created, { status: 201 });
};
