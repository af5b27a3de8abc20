import { eq } from 'drizzle-orm';
import type { AdminReview } from '~/lib/contracts/adminReview';
import { formatMoney, fromCents } from '~/lib/money';
import { fullName } from '~/lib/people';
import { getDb } from '~/lib/server/db';
import { currencies, donations } from '~/lib/server/db/schema';
import { campaignFacts, organisationFacts, organisationSection } from './subjects';

/** The review of an EFT donation waiting for its transfer: who gives, what must arrive, with which reference. */
export async function eftReview(id: string): Promise<AdminReview | null> {
  const db = await getDb();
  const [donation] = await db
    .select({
      id: donations.id,
      campaignId: donations.campaignId,
      reference: donations.reference,
      firstName: donations.firstName,
      lastName: donations.lastName,
      email: donations.email,
      phone: donations.mobileNumber,
      total: donations.amount,
      tip: donations.tipAmount,
      symbol: currencies.symbol,
      createdAt: donations.createdAt,
    })
    .from(donations)
    .innerJoin(currencies, eq(currencies.id, donations.currencyId))
    .where(eq(donations.id, id));
  if (!donation) return null;
  const [campaign] = await campaignFacts([donation.campaignId]);
  const organisation = await organisationFacts(campaign?.organisationId ?? null);
  const expected = fromCents(donation.total + donation.tip);
  return {
    queue: 'eftDonations',
    id: donation.id,
    title: `${fullName(donation)}, reference ${donation.reference}`,
    href: campaign ? `/campaign/${campaign.url}` : null,
    since: donation.createdAt.toISOString(),
    contacts: [
      {
        role: 'Donor',
        name: fullName(donation),
        email: donation.email,
        phone: donation.phone,
      },
    ],
    fundingType: campaign?.fundingTypeLabel ?? null,
    organisation: organisationSection(organisation),
    numbers: [
      { label: 'Reference', value: donation.reference },
      { label: 'Expected transfer', value: formatMoney(expected, { symbol: donation.symbol }) },
    ],
    documents: [],
    answers: [],
    banking: null,
    payout: null,
    signals: [],
  };
}
