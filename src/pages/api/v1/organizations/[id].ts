import type { APIRoute } from 'astro';
import {
  editOrganisationSchema,
  ORGANISATION_JSON_FIELDS,
  ORGANISATION_MESSAGES,
} from '~/lib/schemas/organisation';
import { requireUser } from '~/lib/server/accounts/session';
import { filesOf, MAX_ORGANISATION_FORM_BYTES, readMultipart } from '~/lib/server/http/multipart';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { findOrganisationFor } from '~/lib/server/organisations/access';
import { updateOrganisation } from '~/lib/server/organisations/edit';
import { getOrganisationForManagers } from '~/lib/server/organisations/myOrganisation';

/** The managers' view (Owners, Admins, Editors). */
export const GET: APIRoute = async (ctx) =>
  ok(await getOrganisationForManagers(requireUser(ctx), ctx.params.id ?? ''));

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const id = ctx.params.id ?? '';
  // Before reading the upload: nobody streams a logo into someone else's organisation.
  await findOrganisationFor(user, id, 'editContent');
  const form = await readMultipart(ctx.request, MAX_ORGANISATION_FORM_BYTES, ORGANISATION_JSON_FIELDS);
  const input = parseInput(editOrganisationSchema, form.fields);
  const organisation = await updateOrganisation(user, id, input, {
    logo: filesOf(form, 'logo'),
    s18Certificate: filesOf(form, 's18Certificate'),
  });
  return ok(organisation, ORGANISATION_MESSAGES.updated);
};
