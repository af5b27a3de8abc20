import { eq } from 'drizzle-orm';
import type { AdminReview } from '~/lib/contracts/adminReview';
import { getDb } from '~/lib/server/db';
import { campaigns } from '~/lib/server/db/schema';
import { bankingOnWire, bankingView, campaignSignals, userContact } from './evidence';
import {
  bankingDocuments,
  campaignDocumentList,
  campaignFacts,
  newestBankingId,
  numbersOf,
  organisationFacts,
  organisationSection,
} from './subjects';

/** The review of a campaign awaiting verification; null for an unknown campaign. */
export async function campaignReview(id: string): Promise<AdminReview | null> {
  const [campaign] = await campaignFacts([id]);
  if (!campaign) return null;
  const db = await getDb();
  const [row] = await db
    .select({ since: campaigns.verificationSubmittedAt })
    .from(campaigns)
    .where(eq(campaigns.id, campaign.id));
  const [owner, organisation, documents, banking] = await Promise.all([
    userContact(campaign.ownerId, 'Campaign owner'),
    organisationFacts(campaign.organisationId),
    campaignDocumentList(campaign.id),
    newestBankingId({ campaignId: campaign.id }).then(bankingView),
  ]);
  return {
    queue: 'campaignVerifications',
    id: campaign.id,
    title: campaign.name,
    href: `/campaign/${campaign.url}`,
    since: (row?.since ?? new Date(0)).toISOString(),
    contacts: owner ? [owner] : [],
    fundingType: campaign.fundingTypeLabel,
    organisation: organisationSection(organisation),
    numbers: numbersOf(banking, organisation),
    documents: [...documents, ...(banking ? await bankingDocuments(banking.id) : [])],
    answers: [],
    banking: bankingOnWire(banking),
    payout: null,
    signals: await campaignSignals(banking, [campaign.id], owner?.name ?? null, organisation?.name ?? null),
  };
}
