import { eq, inArray } from 'drizzle-orm';
import { CAMPAIGN_TYPE_LABELS, campaignTypeOf } from '~/lib/campaignDisplay';
import type { AdminReview, ReviewContact, ReviewDocument } from '~/lib/contracts/adminReview';
import { BankingIdType, CampaignDocumentKind } from '~/lib/enums';
import { fullName } from '~/lib/people';
import { ownerMembershipOn } from '~/lib/server/campaigns/cards';
import { campaignOwnershipColumns } from '~/lib/server/campaigns/selections';
import { getDb } from '~/lib/server/db';
import {
  bankingDetailDocuments,
  bankingDetails,
  campaignDocuments,
  campaigns,
  organisations,
  organisationUsers,
  organisationVerificationDocuments,
  organisationVerifications,
} from '~/lib/server/db/schema';
import { newestBankingFirst, ownBankingRowsOf } from '~/lib/server/payouts/banking';
import { organisationOwners } from '../notify';
import { documentsOf, type ReviewBankingRow, userContact } from './evidence';

/** What a review says about the organisation or campaign an item belongs to. */

export interface OrganisationFacts {
  id: string;
  name: string;
  otherName: string | null;
  url: string;
  isVerified: boolean;
  pboNumber: string | null;
  npoNumber: string | null;
  mainContact: ReviewContact | null;
  s18CertificateFileId: string | null;
}

export async function organisationFacts(id: string | null): Promise<OrganisationFacts | null> {
  if (!id) return null;
  const db = await getDb();
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!row) return null;
  const contactName = fullName({ firstName: row.mainContactFirstName, lastName: row.mainContactLastName });
  return {
    id: row.id,
    name: row.legalName,
    otherName: row.otherName,
    url: row.url,
    isVerified: row.isVerified,
    pboNumber: row.pboNumber,
    npoNumber: row.npoNumber,
    mainContact:
      contactName || row.mainContactEmail
        ? {
            role: 'Main contact',
            name: contactName,
            email: row.mainContactEmail ?? row.email,
            phone: row.mainContactPhone ?? row.telephone,
          }
        : null,
    s18CertificateFileId: row.s18CertificateFileId,
  };
}

/** The organisation's Owners as contacts (they decide where its money goes). */
export async function organisationOwnerContacts(organisationId: string): Promise<ReviewContact[]> {
  const owners = await organisationOwners(organisationId);
  const contacts = await Promise.all(owners.map((owner) => userContact(owner.userId, 'Owner')));
  return contacts.filter((c): c is ReviewContact => c !== null);
}

/** The review's organisation section. */
export const organisationSection = (o: OrganisationFacts | null): AdminReview['organisation'] =>
  o ? { id: o.id, name: o.name, url: o.url, isVerified: o.isVerified } : null;

/** The organisation's certificates and verification documents. */
export async function organisationDocuments(
  organisationId: string,
  s18: string | null,
): Promise<ReviewDocument[]> {
  const db = await getDb();
  const [verification] = await db
    .select({ legal: organisationVerifications.legalDocumentFileId })
    .from(organisationVerifications)
    .where(eq(organisationVerifications.organisationId, organisationId));
  const support = await db
    .select({ fileId: organisationVerificationDocuments.fileId })
    .from(organisationVerificationDocuments)
    .where(eq(organisationVerificationDocuments.organisationId, organisationId));
  return documentsOf([
    { fileId: verification?.legal ?? null, label: 'Legal document (NPO or registration certificate)' },
    { fileId: s18, label: 'Section 18A (PBO) certificate' },
    ...support.map((s) => ({ fileId: s.fileId, label: 'Supporting document' })),
  ]);
}

/** The proof of bank account sent with banking details. */
export async function bankingDocuments(bankingId: string): Promise<ReviewDocument[]> {
  const db = await getDb();
  const rows = await db
    .select({ fileId: bankingDetailDocuments.fileId })
    .from(bankingDetailDocuments)
    .where(eq(bankingDetailDocuments.bankingDetailId, bankingId));
  return documentsOf(rows.map((r) => ({ fileId: r.fileId, label: 'Proof of bank account' })));
}

/** A campaign's ID documents and supporting documents. */
export async function campaignDocumentList(campaignId: string): Promise<ReviewDocument[]> {
  const db = await getDb();
  const rows = await db
    .select({ fileId: campaignDocuments.fileId, kind: campaignDocuments.kind })
    .from(campaignDocuments)
    .where(eq(campaignDocuments.campaignId, campaignId));
  rows.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === CampaignDocumentKind.Identification ? -1 : 1));
  return documentsOf(
    rows.map((r) => ({
      fileId: r.fileId,
      label: r.kind === CampaignDocumentKind.Identification ? 'ID document' : 'Supporting document',
    })),
  );
}

/** The id of the newest own banking details of an organisation or campaign, whatever their status. */
export async function newestBankingId(
  owner: { organisationId: string } | { campaignId: string },
): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: bankingDetails.id })
    .from(bankingDetails)
    .where(ownBankingRowsOf(owner))
    .orderBy(...newestBankingFirst)
    .limit(1);
  return row?.id ?? null;
}

export interface CampaignFacts {
  id: string;
  name: string;
  url: string;
  ownerId: string;
  organisationId: string | null;
  fundingTypeLabel: string;
}

export async function campaignFacts(ids: readonly string[]): Promise<CampaignFacts[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({
      ...campaignOwnershipColumns,
      name: campaigns.name,
      url: campaigns.url,
      ownerOrgRole: organisationUsers.role,
    })
    .from(campaigns)
    .leftJoin(organisationUsers, ownerMembershipOn)
    .where(inArray(campaigns.id, [...ids]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: r.url,
    ownerId: r.ownerId,
    organisationId: r.organisationId,
    fundingTypeLabel:
      CAMPAIGN_TYPE_LABELS[
        campaignTypeOf({
          fundingType: r.fundingType,
          organisation: r.organisationId,
          ownerOrgRole: r.ownerOrgRole,
        })
      ],
  }));
}

/**
 * Registration, NPO and PBO numbers, as they apply: the banking ID when it is one, and the
 * organisation's NPO and PBO numbers.
 */
export function numbersOf(
  banking: Pick<ReviewBankingRow, 'idType' | 'idTypeId' | 'idNumber'> | null,
  organisation: OrganisationFacts | null,
): AdminReview['numbers'] {
  const numbers: AdminReview['numbers'] = [];
  const registration: number[] = [BankingIdType.OrganizationRegistrationNumber, BankingIdType.TrustNumber];
  if (banking?.idNumber && banking.idTypeId !== null && registration.includes(banking.idTypeId)) {
    numbers.push({ label: banking.idType ?? 'Registration number', value: banking.idNumber });
  }
  if (organisation?.npoNumber) numbers.push({ label: 'NPO number', value: organisation.npoNumber });
  if (organisation?.pboNumber) numbers.push({ label: 'PBO number', value: organisation.pboNumber });
  return numbers;
}
