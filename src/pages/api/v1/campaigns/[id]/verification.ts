import type { APIRoute } from 'astro';
import { campaignVerificationSchema, VERIFICATION_MESSAGES } from '~/lib/schemas/campaignVerification';
import { findCampaignForEdit } from '~/lib/server/campaignAccess';
import { filesOf, MAX_VERIFICATION_FORM_BYTES, readMultipart } from '~/lib/server/campaignForm';
import { submitCampaignVerification } from '~/lib/server/campaignVerification';
import { ok } from '~/lib/server/http';
import { requireUser } from '~/lib/server/session';
import { parseInput } from '~/lib/server/validate';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const id = ctx.params.id ?? '';
  await findCampaignForEdit(user, id);
  const form = await readMultipart(ctx.request, MAX_VERIFICATION_FORM_BYTES, ['bankingDetails']);
  const { bankingDetails } = parseInput(campaignVerificationSchema, form.fields);
  const campaign = await submitCampaignVerification(user, id, bankingDetails, {
    identification: filesOf(form, 'identificationDocumentation'),
    supporting: filesOf(form, 'supportingDocumentation'),
  });
  return ok(campaign, VERIFICATION_MESSAGES.submitted);
};
