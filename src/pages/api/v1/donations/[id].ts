import type { APIRoute } from 'astro';
import { DONATION_ACCESS_MESSAGES, updateDonationByToken } from '~/lib/server/donations/access';
import { readJson } from '~/lib/server/http/json';
import { ok } from '~/lib/server/http/responses';

/** The donor (holder of the donation token) cancels or edits a pending donation. */
export const PATCH: APIRoute = async (ctx) => {
  const donation = await updateDonationByToken(ctx.params.id ?? '', await readJson(ctx));
  return ok(donation, DONATION_ACCESS_MESSAGES.updated);
};
