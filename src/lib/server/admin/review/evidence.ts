import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { ReviewBanking, ReviewContact, ReviewDocument } from '~/lib/contracts/adminReview';
import { BankingRequestStatus, DonationStatus, PayoutStatus } from '~/lib/enums';
import { fullName } from '~/lib/people';
import { getDb } from '~/lib/server/db';
import {
  accountTypes,
  auditLog,
  bankingDetails,
  campaigns,
  donations,
  idTypes,
  organisations,
  storedFiles,
  users,
} from '~/lib/server/db/schema';

/** The parts every review is built from: documents, banking details, people and signals. */

export const BANKING_STATUS_LABELS: Readonly<Record<number, string>> = {
  [BankingRequestStatus.Pending]: 'Pending',
  [BankingRequestStatus.Accepted]: 'Accepted',
  [BankingRequestStatus.Rejected]: 'Rejected',
};

export const PAYOUT_STATUS_LABELS: Readonly<Record<number, string>> = {
  [PayoutStatus.Pending]: 'Pending',
  [PayoutStatus.Accepted]: 'Accepted, awaiting payment',
  [PayoutStatus.Declined]: 'Declined',
  [PayoutStatus.Paid]: 'Paid',
};

/** The admins-only link of a stored document (GET /api/v1/admin/documents/{id}). */
export const adminDocumentUrl = (fileId: string): string => `/api/v1/admin/documents/${fileId}`;

/** The documents behind `labelled` (file id → what it is), in that order; missing files are left out. */
export async function documentsOf(
  labelled: readonly { fileId: string | null; label: string }[],
): Promise<ReviewDocument[]> {
  const wanted = labelled.filter((d): d is { fileId: string; label: string } => d.fileId !== null);
  if (wanted.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({
      id: storedFiles.id,
      originalName: storedFiles.originalName,
      mimeType: storedFiles.mimeType,
      size: storedFiles.size,
    })
    .from(storedFiles)
    .where(
      inArray(
        storedFiles.id,
        wanted.map((d) => d.fileId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.flatMap(({ fileId, label }) => {
    const row = byId.get(fileId);
    return row
      ? [
          {
            label,
            fileName: row.originalName,
            mimeType: row.mimeType,
            size: row.size,
            url: adminDocumentUrl(row.id),
          },
        ]
      : [];
  });
}

/** A user as a contact of the item, or null for a deleted or unknown account. */
export async function userContact(userId: string | null, role: string): Promise<ReviewContact | null> {
  if (!userId) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.msisdn,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.deletedAt) return null;
  return { role, name: fullName(row), email: row.email, phone: row.phone };
}

/** Banking details as staff read them, with the lookups' names; null when there is no such row. */
export async function bankingView(id: string | null): Promise<ReviewBankingRow | null> {
  if (!id) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: bankingDetails.id,
      requestStatus: bankingDetails.requestStatus,
      accountHolderName: bankingDetails.accountHolderName,
      accountHolderEmail: bankingDetails.accountHolderEmail,
      bankName: bankingDetails.bankName,
      bankNameAlt: bankingDetails.bankNameAlt,
      branchCode: bankingDetails.bankCode,
      swiftCode: bankingDetails.swiftCode,
      accountNumber: bankingDetails.accountNumber,
      accountType: accountTypes.name,
      idType: idTypes.name,
      idTypeId: bankingDetails.idType,
      idNumber: bankingDetails.idNumber,
      isInternational: bankingDetails.isInternational,
      createdAt: bankingDetails.createdAt,
      organisationId: bankingDetails.organisationId,
      campaignId: bankingDetails.campaignId,
      legalName: organisations.legalName,
      campaignName: campaigns.name,
      campaignOwnerId: campaigns.ownerId,
    })
    .from(bankingDetails)
    .leftJoin(accountTypes, eq(accountTypes.id, bankingDetails.accountType))
    .leftJoin(idTypes, eq(idTypes.id, bankingDetails.idType))
    .leftJoin(organisations, eq(organisations.id, bankingDetails.organisationId))
    .leftJoin(campaigns, eq(campaigns.id, bankingDetails.campaignId))
    .where(eq(bankingDetails.id, id));
  if (!row) return null;
  return {
    id: row.id,
    requestStatus: row.requestStatus,
    statusLabel: BANKING_STATUS_LABELS[row.requestStatus] ?? 'Unknown',
    accountHolderName: row.accountHolderName,
    accountHolderEmail: row.accountHolderEmail,
    bankName: row.bankNameAlt || row.bankName,
    branchCode: row.branchCode,
    swiftCode: row.swiftCode,
    accountNumber: row.accountNumber,
    accountType: row.accountType,
    idType: row.idType,
    idNumber: row.idNumber,
    isInternational: row.isInternational,
    forName: row.legalName ?? row.campaignName ?? 'an unknown owner',
    submittedAt: row.createdAt.toISOString(),
    organisationId: row.organisationId,
    campaignId: row.campaignId,
    campaignOwnerId: row.campaignOwnerId,
    idTypeId: row.idTypeId,
  };
}

/** Banking details with whose account they are meant to be: an organisation's, else the campaign owner's. */
export interface ReviewBankingRow extends ReviewBanking {
  organisationId: string | null;
  campaignId: string | null;
  campaignOwnerId: string | null;
  idTypeId: number | null;
}

/** The wire part of a banking row (the keys used to find signals stay on the server). */
export function bankingOnWire(row: ReviewBankingRow | null): ReviewBanking | null {
  if (!row) return null;
  const { organisationId: _o, campaignId: _c, campaignOwnerId: _u, idTypeId: _i, ...wire } = row;
  return wire;
}

/** 'Karoo Animal Rescue NPC' and 'karoo animal rescue n.p.c' read alike; 'N Zulu' and 'Sipho Ndlovu' do not. */
function wordsOf(name: string): string[] {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .split(/\s+/)
    .filter(Boolean);
}

/** Whether an account holder's name is the same name as `expected` (case, accents and punctuation aside). */
export function namesMatch(holder: string, expected: string): boolean {
  const a = wordsOf(holder).join(' ');
  const b = wordsOf(expected).join(' ');
  return a.length > 0 && a === b;
}

/**
 * 'The account holder “N Zulu” differs from the campaign owner’s name “Sipho Ndlovu”.', or null
 * when the holder's name is one of the expected names.
 */
export function holderNameSignal(
  holder: string,
  expected: readonly { whose: string; name: string | null }[],
): string | null {
  const names = expected.filter((e): e is { whose: string; name: string } => !!e.name?.trim());
  if (names.length === 0 || names.some((e) => namesMatch(holder, e.name))) return null;
  const list = names.map((e) => `the ${e.whose} “${e.name}”`).join(' and ');
  return `The account holder “${holder}” differs from the name of ${list}.`;
}

/** The bank as an account's identity knows it: the typed name, else the derived one, in lower case. */
const bankKeySql = sql`lower(coalesce(nullif(${bankingDetails.bankNameAlt}, ''), ${bankingDetails.bankName}, ''))`;

/**
 * 'The same account (Capitec Bank 1452098736) is also given for Siyakhula Education Trust.' when
 * other banking details with the same bank and account number belong to another owner (another
 * organisation, or a campaign of another user); null otherwise.
 */
export async function sharedAccountSignal(banking: ReviewBankingRow): Promise<string | null> {
  const db = await getDb();
  const sameAccount = and(
    eq(bankingDetails.accountNumber, banking.accountNumber),
    sql`${bankKeySql} = lower(${banking.bankName ?? ''})`,
    ne(bankingDetails.id, banking.id),
  );
  // Another owner: another organisation, or for a campaign's own account an organisation or another user's campaign.
  const otherOwner: SQL = banking.organisationId
    ? sql`${bankingDetails.organisationId} is distinct from ${banking.organisationId}`
    : sql`(${bankingDetails.organisationId} is not null or ${campaigns.ownerId} is distinct from ${banking.campaignOwnerId})`;
  const rows = await db
    .selectDistinct({ name: sql<string>`coalesce(${organisations.legalName}, ${campaigns.name})` })
    .from(bankingDetails)
    .leftJoin(organisations, eq(organisations.id, bankingDetails.organisationId))
    .leftJoin(campaigns, eq(campaigns.id, bankingDetails.campaignId))
    .where(and(sameAccount, otherOwner));
  if (rows.length === 0) return null;
  const names = rows.map((r) => r.name).sort();
  return `The same account (${banking.bankName ?? 'bank not named'} ${banking.accountNumber}) is also given for ${names.join(', ')}.`;
}

/** When the campaign's first counted (accepted) donation was made, or null before any. */
async function firstCountedDonationAt(campaignId: string): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ at: sql<string | null>`min(coalesce(${donations.settledAt}, ${donations.createdAt}))` })
    .from(donations)
    .where(and(eq(donations.campaignId, campaignId), eq(donations.status, DonationStatus.Accepted)));
  return row?.at ? new Date(row.at) : null;
}

/**
 * 'The campaign changed its organisation or funding type after donations were counted (on …).'
 * when the audit log holds a move (an admin's 'campaign-move') or an owner's edit of the
 * organisation or funding type ('campaign-update' whose `details.funding` says it really changed)
 * after the campaign's first counted donation.
 */
export async function movedAfterDonationsSignal(campaignId: string): Promise<string | null> {
  const since = await firstCountedDonationAt(campaignId);
  if (!since) return null;
  const db = await getDb();
  const rows = await db
    .select({ at: auditLog.at, action: auditLog.action })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'campaign'),
        eq(auditLog.entityId, campaignId),
        sql`${auditLog.at} > ${since.toISOString()}`,
        or(
          eq(auditLog.action, 'campaign-move'),
          and(eq(auditLog.action, 'campaign-update'), sql`(${auditLog.details} -> 'funding') is not null`),
        ),
      ),
    )
    .orderBy(auditLog.at);
  if (rows.length === 0) return null;
  const days = rows.map((r) => r.at.toISOString().slice(0, 10));
  return `The campaign changed its organisation or funding type after donations were counted (${[...new Set(days)].join(', ')}).`;
}

/**
 * The signals of money for campaigns: the account holder against the organisation's name (or,
 * without one, the owner's), the account shared with another owner, and each campaign moved
 * after its donations were counted.
 */
export async function campaignSignals(
  banking: ReviewBankingRow | null,
  campaignIds: readonly string[],
  ownerName: string | null,
  organisationName: string | null,
): Promise<string[]> {
  const found = await Promise.all([
    banking
      ? holderNameSignal(
          banking.accountHolderName,
          // An organisation's campaign raises the organisation's money: its account is the organisation's.
          organisationName
            ? [{ whose: 'organisation', name: organisationName }]
            : [{ whose: 'campaign owner', name: ownerName }],
        )
      : null,
    banking ? sharedAccountSignal(banking) : null,
    ...campaignIds.map(movedAfterDonationsSignal),
  ]);
  return found.filter((s): s is string => s !== null);
}
