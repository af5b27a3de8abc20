import { and, eq } from 'drizzle-orm';
import type { Donation } from '~/lib/contracts/donations';
import { DonationStatus } from '~/lib/enums';
import { getDb } from '~/lib/server/db';
import { donations } from '~/lib/server/db/schema';
import { readDonationToken } from './tokens';
import { currencyInfo, donationView } from './view';

/** The donations a donor comes back to the form from: no money was taken. */
const REFILLED: readonly number[] = [
  DonationStatus.Pending,
  DonationStatus.Rejected,
  DonationStatus.CanceledAtTransaction,
];

/**
 * Back on the donation form from the gateway's Cancel (`?cancelled={token}`, PayFast's
 * cancel_url, Ozow's CancelUrl, PayPal's cancel_url) or from the failure page's Try again: the
 * donation the token names, for the form to come back filled with it. A pending one is marked
 * cancelled (status 3), as `PATCH /donations/{token}` does; a notification settling it meanwhile
 * wins. Null when the token is not good, names another campaign's donation or a paid one.
 */
export async function donationToRefill(
  token: string,
  campaign: { id: string; url: string; name: string },
): Promise<Donation | null> {
  const id = readDonationToken(token);
  if (!id) return null;
  const db = await getDb();
  const [row] = await db.select().from(donations).where(eq(donations.id, id)).limit(1);
  if (!row || row.campaignId !== campaign.id || !REFILLED.includes(row.status)) return null;
  let current = row;
  if (row.status === DonationStatus.Pending) {
    const [cancelled] = await db
      .update(donations)
      .set({ status: DonationStatus.CanceledAtTransaction })
      .where(and(eq(donations.id, row.id), eq(donations.status, DonationStatus.Pending)))
      .returning();
    if (!cancelled) return null;
    current = cancelled;
  }
  return donationView(current, { campaign, currency: await currencyInfo(current.currencyId) });
}
