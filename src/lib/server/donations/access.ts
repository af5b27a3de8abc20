import { and, eq } from 'drizzle-orm';
import type { DonationDetail } from '~/lib/contracts/donations';
import { DonationStatus } from '~/lib/enums';
import { donationPatchSchema } from '~/lib/schemas/donation';
import { requireUser, type SessionUser } from '~/lib/server/accounts/session';
import { canEditCampaign } from '~/lib/server/campaigns/access';
import { getDb } from '~/lib/server/db';
import { campaigns, donations } from '~/lib/server/db/schema';
import { badRequest, conflict, forbidden, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { parseInput } from '~/lib/server/http/parseInput';
import { readDonationToken } from './tokens';
import { type DonationRow, donationView, loadViewContext } from './view';

/** Who may read or change one donation (docs/api/donations.md: GET /donations/list/{id}, PATCH /donations/{token}). */

export const DONATION_ACCESS_MESSAGES = {
  notFound: 'Donation not found.',
  forbidden: 'You do not have permission to see this donation.',
  markedPaid: 'A donation is marked paid only when its payment is confirmed.',
  notPending: 'This donation can no longer be changed.',
  updated: 'Donation updated.',
} as const;

async function findDonation(id: string): Promise<DonationRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(donations).where(eq(donations.id, id)).limit(1);
  return row ?? null;
}

/**
 * Who reads the detail: the donor (the token, or their own account) sees everything; staff see
 * all but the token; the campaign's team and organisation see neither the token nor the donor's
 * email and phone (POPIA: the platform holds them for the payment and the receipt, not for the
 * campaign; docs/api/donations.md).
 */
type DetailReader = 'donor' | 'staff' | 'campaign';

async function detailOf(row: DonationRow, reader: DetailReader = 'donor'): Promise<DonationDetail> {
  const { campaignsById, currenciesById } = await loadViewContext([row]);
  const campaign = campaignsById.get(row.campaignId);
  const currency = currenciesById.get(row.currencyId);
  if (!campaign || !currency) throw notFound(DONATION_ACCESS_MESSAGES.notFound);
  const view = donationView(row, { campaign, currency });
  const contact = reader === 'campaign' ? { email: null, mobileNumber: null } : {};
  return {
    ...view,
    ...contact,
    jwtTokenStringDonationId: reader === 'donor' ? view.jwtTokenStringDonationId : null,
    campaign,
  };
}

/** The donor (same account), anyone who may change the campaign, or an admin. */
async function mayReadByUuid(user: SessionUser, row: DonationRow): Promise<boolean> {
  if (user.role === 'admin' || (row.userId !== null && row.userId === user.id)) return true;
  const db = await getDb();
  const [campaign] = await db
    .select({ id: campaigns.id, ownerId: campaigns.ownerId, organisationId: campaigns.organisationId })
    .from(campaigns)
    .where(eq(campaigns.id, row.campaignId))
    .limit(1);
  return campaign ? canEditCampaign(user, campaign) : false;
}

/**
 * `GET /donations/list/{id}`: `id` is a donation token (its holder is the
 * donor) or a donation uuid for a signed-in reader (401 without a session).
 */
export async function getDonationDetail(
  id: string,
  ctx: Parameters<typeof requireUser>[0],
): Promise<DonationDetail> {
  const uuid = uuidOrNull(id);
  if (uuid) {
    const user = requireUser(ctx);
    const row = await findDonation(uuid);
    if (!row) throw notFound(DONATION_ACCESS_MESSAGES.notFound);
    if (!(await mayReadByUuid(user, row))) throw forbidden(DONATION_ACCESS_MESSAGES.forbidden);
    if (row.userId !== null && row.userId === user.id) return detailOf(row, 'donor');
    return detailOf(row, user.role === 'admin' ? 'staff' : 'campaign');
  }
  const donationId = readDonationToken(id);
  const row = donationId ? await findDonation(donationId) : null;
  if (!row) throw notFound(DONATION_ACCESS_MESSAGES.notFound);
  return detailOf(row);
}

/**
 * `PATCH /donations/{token}`: while the donation is Pending its donor may
 * cancel it (status 3: they left the gateway) or change what the campaign
 * page shows. Only a confirmed payment marks a donation paid.
 */
export async function updateDonationByToken(
  token: string,
  body: Record<string, unknown>,
): Promise<DonationDetail> {
  const donationId = readDonationToken(token);
  const row = donationId ? await findDonation(donationId) : null;
  if (!row) throw notFound(DONATION_ACCESS_MESSAGES.notFound);
  const input = parseInput(donationPatchSchema, body);
  if (input.status != null && input.status !== DonationStatus.CanceledAtTransaction) {
    const message = DONATION_ACCESS_MESSAGES.markedPaid;
    throw badRequest(message, { status: [message] });
  }
  if (row.status !== DonationStatus.Pending) throw conflict(DONATION_ACCESS_MESSAGES.notPending);
  const change: Partial<typeof donations.$inferInsert> = {};
  if (input.status != null) change.status = DonationStatus.CanceledAtTransaction;
  if (input.comment !== undefined) change.comment = input.comment || null;
  if (input.displayName !== undefined) change.displayName = input.displayName || null;
  if (input.anonymous !== undefined) change.anonymous = input.anonymous;
  if (Object.keys(change).length === 0) return detailOf(row);
  const db = await getDb();
  // Only while still Pending: a notification settling it meanwhile wins.
  const [updated] = await db
    .update(donations)
    .set(change)
    .where(and(eq(donations.id, row.id), eq(donations.status, DonationStatus.Pending)))
    .returning();
  if (!updated) throw conflict(DONATION_ACCESS_MESSAGES.notPending);
  return detailOf(updated);
}
