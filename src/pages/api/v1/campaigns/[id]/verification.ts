import type { APIRoute } from 'astro';
import { campaignVerificationSchema, VERIFICATION_MESSAGES } from '~/lib/schemas/campaignVerification';
import { requireUser } from '~/lib/server/accounts/session';
import { findCampaignForVerification } from '~/lib/server/campaigns/access';
import { submitCampaignVerification } from '~/lib/server/campaigns/verification';
import { filesOf, MAX_VERIFICATION_FORM_BYTES, readMultipart } from '~/lib/server/http/multipart';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const id = ctx.params.id ?? '';
  // Before reading the upload: only the owner sends banking details and identity documents.
  await findCampaignForVerification(user, id);
  const form = await readMultipart(ctx.request, MAX_VERIFICATION_FORM_BYTES, ['bankingDetails']);
  const { bankingDetails } = parseInput(campaignVerificationSchema, form.fields);
  const campaign = await submitCampaignVerification(user, id, bankingDetails, {
    identification: filesOf(form, 'identificationDocumentation'),
    supporting: filesOf(form, 'supportingDocumentation'),
  });
  return ok(campaign, VERIFICATION_MESSAGES.submitted);
};
