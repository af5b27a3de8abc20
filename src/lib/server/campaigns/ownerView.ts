import { and, asc, eq, sql } from 'drizzle-orm';
import { launchProblems } from '~/lib/campaignLaunch';
import type { BankingDetail, OwnerCampaign, StoredDocument } from '~/lib/contracts/campaigns';
import { CampaignDocumentKind } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { bankingDetails, campaignDocuments, campaigns, storedFiles } from '~/lib/server/db/schema';
import { notFound } from '~/lib/server/http/errors';
import { maskAccountNumber, maskIdNumber } from '~/lib/server/organisations/myOrganisation';
import { newestBankingFirst, ownBankingRowsOf } from '~/lib/server/payouts/banking';
import { fundsAvailableCentsSql } from '~/lib/server/payouts/funds';
import { CAMPAIGN_ACCESS_MESSAGES, findCampaignForEdit, isOwnerOrAdmin } from './access';
import { raisedCentsSql } from './cards';
import { loadCampaignDetail, persistExpiry } from './details';
import { launchFactsOf } from './launchRules';
import { listCampaignTeamMembers } from './teamMembers';
import { isFundingLocked } from './writes';

/**
 * The newest banking details submitted for the campaign with its verification (never a
 * supplier's account sent with a Bluetick invoice: ownBankingRowsOf, the payouts' rule), or null. `masked`
 * stars out all but the last digits of the ID and account numbers, for the
 * team members who are not the owner.
 */
export async function loadBankingDetail(
  campaignId: string,
  { masked = false }: { masked?: boolean } = {},
): Promise<BankingDetail | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(bankingDetails)
    .where(ownBankingRowsOf({ campaignId }))
    .orderBy(...newestBankingFirst)
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    accountHolderName: row.accountHolderName,
    idType: row.idType,
    idNumber: masked && row.idNumber !== null ? maskIdNumber(row.idNumber) : row.idNumber,
    statementReference: row.statementReference,
    bankName: row.bankName,
    bankNameAlt: row.bankNameAlt,
    accountNumber: masked ? maskAccountNumber(row.accountNumber) : row.accountNumber,
    bankCode: row.bankCode,
    swiftCode: row.swiftCode,
    accountType: row.accountType,
    isInternational: row.isInternational,
    requestStatus: row.requestStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The campaign's verification documents of one kind, oldest first. */
export async function loadCampaignDocuments(
  campaignId: string,
  kind: CampaignDocumentKind,
): Promise<StoredDocument[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: storedFiles.id, url: storedFiles.url, fileName: storedFiles.originalName })
    .from(campaignDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, campaignDocuments.fileId))
    .where(and(eq(campaignDocuments.campaignId, campaignId), eq(campaignDocuments.kind, kind)))
    .orderBy(asc(storedFiles.createdAt));
  return rows.map((r) => ({ id: r.id, url: r.url ?? `/files/${r.id}`, fileName: r.fileName }));
}

/** Cents received and available for payout (docs/api/payouts.md, "Funds available"). */
async function loadFunds(campaignId: string): Promise<{ received: number; available: number }> {
  const db = await getDb();
  const [row] = await db
    .select({ received: raisedCentsSql, available: fundsAvailableCentsSql })
    .from(campaigns)
    .where(sql`"campaigns"."id" = ${campaignId}`);
  return { received: row?.received ?? 0, available: row?.available ?? 0 };
}

/**
 * `GET /campaigns/{id}`: 404 unknown, 403 unless the user may change the
 * campaign. The team, apart from the owner, sees the banking details masked.
 */
export async function getCampaignOwnerView(user: SessionUser, id: string): Promise<OwnerCampaign> {
  const campaign = await findCampaignForEdit(user, id);
  await persistExpiry(campaign);
  const [detail, bankingDetail, identification, supporting, team, funds, fundingLocked] = await Promise.all([
    loadCampaignDetail(campaign.id),
    loadBankingDetail(campaign.id, { masked: !isOwnerOrAdmin(user, campaign) }),
    loadCampaignDocuments(campaign.id, CampaignDocumentKind.Identification),
    loadCampaignDocuments(campaign.id, CampaignDocumentKind.Supporting),
    listCampaignTeamMembers(campaign.id),
    loadFunds(campaign.id),
    isFundingLocked(campaign.id),
  ]);
  if (!detail) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  return {
    ...detail,
    ownerId: campaign.ownerId,
    thankYouMessage: campaign.thankYouMessage,
    notificationFrequency: campaign.notificationFrequency,
    featured: campaign.featured,
    verificationSubmittedAt: campaign.verificationSubmittedAt?.toISOString() ?? null,
    bankingDetail,
    identificationDocumentation: identification,
    supportingDocumentation: supporting,
    teamMembers: team,
    totalFundsReceived: fromCents(funds.received),
    fundsAvailable: fromCents(funds.available),
    missingForLaunch: launchProblems(launchFactsOf(campaign, detail.images.length)),
    fundingLocked,
  };
}
