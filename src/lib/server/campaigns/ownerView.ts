import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { CampaignDocumentKind } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { bankingDetails, campaignDocuments, campaigns, storedFiles } from '~/lib/server/db/schema';
import { type FieldErrors, notFound } from '~/lib/server/http/index';
import { CAMPAIGN_ACCESS_MESSAGES, findCampaignForEdit } from './access';
import { committedPayoutCentsSql, raisedCentsSql } from './cards';
import { type CampaignDetail, loadCampaignDetail, persistExpiry } from './details';
import { launchProblems } from './launchRules';
import { listCampaignTeamMembers, type TeamMemberView } from './teamMembers';

/** Banking details as submitted with a verification (the newest submission). */
export interface BankingDetailView {
  id: string;
  accountHolderName: string;
  idType: number | null;
  idNumber: string | null;
  statementReference: string | null;
  bankName: string | null;
  bankNameAlt: string | null;
  accountNumber: string;
  bankCode: string | null;
  swiftCode: string | null;
  accountType: number | null;
  isInternational: boolean;
  /** 0 Pending, 1 Accepted, 2 Rejected. */
  requestStatus: number;
  createdAt: string;
}

/** A private document: its url answers only its uploader and admins. */
export interface DocumentView {
  id: string;
  url: string;
  fileName: string;
}

/** The owner's view (SPEC §3): the public detail plus what only those who run the campaign see. */
export interface CampaignOwnerView extends CampaignDetail {
  ownerId: string;
  thankYouMessage: string | null;
  notificationFrequency: number | null;
  featured: boolean;
  verificationSubmittedAt: string | null;
  bankingDetail: BankingDetailView | null;
  identificationDocumentation: DocumentView[];
  supportingDocumentation: DocumentView[];
  teamMembers: TeamMemberView[];
  /** Accepted donations on the platform (what can be paid out from). */
  totalFundsReceived: number;
  /** totalFundsReceived less payouts requested, accepted or paid. */
  fundsAvailable: number;
  /** What launching still needs, by form field; empty when the campaign may launch. */
  missingForLaunch: FieldErrors;
}

/** The newest banking details submitted for the campaign, or null. */
export async function loadBankingDetail(campaignId: string): Promise<BankingDetailView | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(bankingDetails)
    .where(eq(bankingDetails.campaignId, campaignId))
    .orderBy(desc(bankingDetails.createdAt), desc(bankingDetails.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    accountHolderName: row.accountHolderName,
    idType: row.idType,
    idNumber: row.idNumber,
    statementReference: row.statementReference,
    bankName: row.bankName,
    bankNameAlt: row.bankNameAlt,
    accountNumber: row.accountNumber,
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
): Promise<DocumentView[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: storedFiles.id, url: storedFiles.url, fileName: storedFiles.originalName })
    .from(campaignDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, campaignDocuments.fileId))
    .where(and(eq(campaignDocuments.campaignId, campaignId), eq(campaignDocuments.kind, kind)))
    .orderBy(asc(storedFiles.createdAt));
  return rows.map((r) => ({ id: r.id, url: r.url ?? `/files/${r.id}`, fileName: r.fileName }));
}

async function loadFunds(campaignId: string): Promise<{ received: number; committed: number }> {
  const db = await getDb();
  const [row] = await db
    .select({ received: raisedCentsSql, committed: committedPayoutCentsSql })
    .from(campaigns)
    .where(sql`"campaigns"."id" = ${campaignId}`);
  return { received: row?.received ?? 0, committed: row?.committed ?? 0 };
}

/** `GET /campaigns/{id}`: 404 unknown, 403 unless the user may change the campaign. */
export async function getCampaignOwnerView(user: SessionUser, id: string): Promise<CampaignOwnerView> {
  const campaign = await findCampaignForEdit(user, id);
  await persistExpiry(campaign);
  const [detail, bankingDetail, identification, supporting, team, funds] = await Promise.all([
    loadCampaignDetail(campaign.id),
    loadBankingDetail(campaign.id),
    loadCampaignDocuments(campaign.id, CampaignDocumentKind.Identification),
    loadCampaignDocuments(campaign.id, CampaignDocumentKind.Supporting),
    listCampaignTeamMembers(campaign.id),
    loadFunds(campaign.id),
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
    fundsAvailable: fromCents(Math.max(0, funds.received - funds.committed)),
    missingForLaunch: launchProblems({
      name: campaign.name,
      story: campaign.story,
      donationTarget: campaign.donationTarget,
      campaignCategoryId: campaign.campaignCategoryId,
      endDate: campaign.endDate,
      imageCount: detail.images.length,
    }),
  };
}
