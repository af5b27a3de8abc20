import type { APIRoute } from 'astro';
import {
  ORGANISATION_VERIFICATION_JSON_FIELDS,
  ORGANISATION_VERIFICATION_MESSAGES,
  organisationVerificationSchema,
} from '~/lib/schemas/organisationVerification';
import { requireUser } from '~/lib/server/accounts/session';
import { filesOf, MAX_VERIFICATION_FORM_BYTES, readMultipart } from '~/lib/server/http/multipart';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { findOrganisationFor } from '~/lib/server/organisations/access';
import { submitOrganisationVerification } from '~/lib/server/organisations/verification';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const id = ctx.params.id ?? '';
  // Before reading the upload: only Owners send banking details and documents.
  await findOrganisationFor(user, id, 'submitVerification');
  const form = await readMultipart(
    ctx.request,
    MAX_VERIFICATION_FORM_BYTES,
    ORGANISATION_VERIFICATION_JSON_FIELDS,
  );
  const input = parseInput(organisationVerificationSchema, form.fields);
  const organisation = await submitOrganisationVerification(user, id, input, {
    legalDocument: filesOf(form, 'legalDocument'),
    supportDocuments: filesOf(form, 'supportDocuments'),
  });
  return ok(organisation, ORGANISATION_VERIFICATION_MESSAGES.submitted);
};
