import { eq } from 'drizzle-orm';
import { requireUser, type SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { donations } from '~/lib/server/db/schema';
import { readDonationToken } from '~/lib/server/donations/tokens';
import { forbidden, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { RECEIPT_WORDS } from './eligibility';

export type DonationRow = typeof donations.$inferSelect;

/** The donation a receipt call names, and who asked (null for a token holder who is not signed in). */
export interface DonorsDonation {
  donation: DonationRow;
  requestedBy: SessionUser | null;
}

/**
 * The same rule as `GET /donations/list/{id}` for the donor: `key` is the donation's signed token
 * (holding it makes one the donor: /thanks and the mails carry it), or its id for the signed-in
 * account that gave it (My Donations, where an old token may have expired). A stranger's id is
 * refused with 403, an unknown or forged key with 404.
 */
export async function findDonorsDonation(
  key: string,
  ctx: Parameters<typeof requireUser>[0],
): Promise<DonorsDonation> {
  const db = await getDb();
  const find = async (id: string): Promise<DonationRow | null> =>
    (await db.select().from(donations).where(eq(donations.id, id)).limit(1))[0] ?? null;
  const uuid = uuidOrNull(key);
  if (uuid) {
    const user = requireUser(ctx);
    const donation = await find(uuid);
    if (!donation) throw notFound(RECEIPT_WORDS.notFound());
    if (donation.userId === null || donation.userId !== user.id) throw forbidden(RECEIPT_WORDS.forbidden());
    return { donation, requestedBy: user };
  }
  const donationId = readDonationToken(key);
  const donation = donationId ? await find(donationId) : null;
  if (!donation) throw notFound(RECEIPT_WORDS.notFound());
  return { donation, requestedBy: ctx.locals.user ?? null };
}
