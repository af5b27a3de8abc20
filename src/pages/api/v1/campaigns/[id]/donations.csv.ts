import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { allCampaignDonors } from '~/lib/server/donations/ownerDonations';
import { ownerDonationsCsv } from '~/lib/server/donations/ownerDonationsCsv';
import { csvFile } from '~/lib/server/http/responses';

/** Who gave, every counted donation of the campaign, as CSV (owner, team, organisation). */
export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const { items, name } = await allCampaignDonors(user, ctx.params.id ?? '');
  return csvFile(ownerDonationsCsv(items), `donations-${name}.csv`);
};
