import type { APIRoute } from 'astro';
import { getRecurringDonation, updateRecurringDonation } from '~/lib/server/donations/recurring';
import { readJson } from '~/lib/server/http/json';
import { ok } from '~/lib/server/http/responses';

/** A recurring donation and its token, by its token or (signed in) its id; /thanks polls it. */
export const GET: APIRoute = async (ctx) => ok(await getRecurringDonation(ctx.params.id ?? '', ctx));

/** Cancel or change a recurring donation, by its token or (signed in) its id. */
export const PATCH: APIRoute = async (ctx) => {
  const { recurrence, message } = await updateRecurringDonation(
    ctx.params.id ?? '',
    await readJson(ctx),
    ctx,
  );
  return ok(recurrence, message);
};
