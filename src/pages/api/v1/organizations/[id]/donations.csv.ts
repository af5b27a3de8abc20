import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { allOrganisationDonors } from '~/lib/server/donations/ownerDonations';
import { ownerDonationsCsv } from '~/lib/server/donations/ownerDonationsCsv';
import { csvFile } from '~/lib/server/http/responses';

/** Who gave to any of the organisation's campaigns, as CSV with a campaign column (Owners and Admins). */
export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const { items, name } = await allOrganisationDonors(user, ctx.params.id ?? '');
  return csvFile(ownerDonationsCsv(items), `donations-${name}.csv`);
};
