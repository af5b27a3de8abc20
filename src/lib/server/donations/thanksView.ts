import { eq } from 'drizzle-orm';
import { recurringAsDonationStatus } from '~/lib/donationDisplay';
import { fromCents } from '~/lib/money';
import { getDb } from '~/lib/server/db';
import { recurringDonations } from '~/lib/server/db/schema';
import { HttpError } from '~/lib/server/http/errors';
import type { ThanksDonation } from '~/lib/thanksDonation';
import { thanksDonationOf } from '~/lib/thanksDonation';
import { getDonationDetail } from './access';
import { readDonationToken, readSchedulerToken } from './tokens';
import { loadViewContext } from './view';

/**
 * The donation a /thanks link names, for the page's first paint. Every gateway
 * returns the donor with the token of what they paid for: a donation token for
 * a once-off donation, the scheduler token for a monthly one (PayFast's
 * subscription return URL). Null for anything else, so the page can say it
 * found nothing without telling a forged token from a deleted donation.
 */
export async function findThanksDonation(
  token: string,
  ctx: Parameters<typeof getDonationDetail>[1],
): Promise<ThanksDonation | null> {
  if (readDonationToken(token)) {
    try {
      return thanksDonationOf(await getDonationDetail(token, ctx));
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }
  const schedulerId = readSchedulerToken(token);
  return schedulerId ? monthlyThanks(schedulerId) : null;
}

/** A monthly donation as /thanks shows it: the first charge (monthly amount, tip and once-off amount). */
async function monthlyThanks(id: string): Promise<ThanksDonation | null> {
  const db = await getDb();
  const [row] = await db.select().from(recurringDonations).where(eq(recurringDonations.id, id)).limit(1);
  if (!row) return null;
  const { campaignsById, currenciesById } = await loadViewContext([row]);
  const campaign = campaignsById.get(row.campaignId);
  const currency = currenciesById.get(row.currencyId);
  if (!campaign || !currency) return null;
  return {
    status: recurringAsDonationStatus(row.status),
    paymentMethod: row.paymentMethod,
    email: row.email,
    amount: fromCents(row.amount),
    tipOrAdminFeeAmount: fromCents(row.tipAmount),
    adminFeeCovered: false,
    total: fromCents(row.amount + row.tipAmount + row.onceOffAmount),
    currency: { symbol: currency.symbol },
    referenceNumber: row.reference,
    bankingDetails: null,
    campaign: { name: campaign.name, url: campaign.url, thankYouMessage: campaign.thankYouMessage },
    monthly: { deductionDay: row.deductionDay, term: row.term, nextDeductionDate: row.nextDeductionDate },
  };
}
