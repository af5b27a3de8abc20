import type { APIRoute } from 'astro';
import { ok, readJson } from '~/lib/server/http';
import { updateRecurringDonation } from '~/lib/server/recurringDonations';

/** Cancel or change a recurring donation, by its token or (signed in) its id. */
export const PATCH: APIRoute = async (ctx) => {
  const { recurrence, message } = await updateRecurringDonation(
    ctx.params.id ?? '',
    await readJson(ctx),
    ctx,
  );
  return ok(recurrence, message);
};
