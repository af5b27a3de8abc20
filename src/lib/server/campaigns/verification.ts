import { and, desc, eq, sql } from 'drizzle-orm';
import {
  deriveBank,
  formerBankMessage,
  formerBankOf,
  type NamedBank,
  OTHER_INTERNATIONAL_BANK,
} from '~/lib/banks';
import type { OwnerCampaign } from '~/lib/contracts/campaigns';
import { BankingRequestStatus, CampaignDocumentKind } from '~/lib/enums';
import {
  type BankingDetailsInput,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
} from '~/lib/schemas/campaignVerification';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { bankingDetails, banks, campaignDocuments, campaigns } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import type { FieldErrors } from '~/lib/server/http/errors';
import { bytesOf } from '~/lib/server/http/formData';
import { recordAudit } from '~/lib/server/platform/audit';
import { saveDocument } from '~/lib/server/platform/files';
import { findCampaignForVerification } from './access';
import { discardFiles } from './images';
import { getCampaignOwnerView, loadCampaignDocuments } from './ownerView';
import { throwFieldErrors } from './writes';

export interface VerificationFiles {
  identification: readonly File[];
  supporting: readonly File[];
}

/** The bank columns: a known bank by name or branch code, else Other/International with the typed name. */
async function bankColumns(details: BankingDetailsInput, db: DbOrTx) {
  const bank = deriveBank({ bankName: details.bankName, bankCode: details.bankCode });
  const [row] = await db
    .select({ id: banks.id })
    .from(banks)
    .where(sql`lower(${banks.name}) = lower(${bank.name})`)
    .limit(1);
  const other = bank === OTHER_INTERNATIONAL_BANK;
  return {
    bankId: row?.id ?? null,
    bankName: bank.name,
    bankNameAlt: other ? (details.bankNameAlt ?? details.bankName) : details.bankNameAlt,
    bankCode: details.bankCode ?? (bank.universalBranchCode || null),
  };
}

/** Whose banking details: a campaign's or an organisation's; null for a payee of its own (a supplier). */
export type BankingOwner = { campaignId: string } | { organisationId: string } | null;

/** The latest banking details on file for `owner` (in use or under review), if any. */
async function bankingOnFile(owner: BankingOwner, db: DbOrTx) {
  if (!owner) return undefined;
  const [row] = await db
    .select({
      bankName: bankingDetails.bankName,
      bankNameAlt: bankingDetails.bankNameAlt,
      bankCode: bankingDetails.bankCode,
      accountNumber: bankingDetails.accountNumber,
    })
    .from(bankingDetails)
    .where(
      'campaignId' in owner
        ? eq(bankingDetails.campaignId, owner.campaignId)
        : eq(bankingDetails.organisationId, owner.organisationId),
    )
    .orderBy(desc(bankingDetails.createdAt))
    .limit(1);
  return row;
}

/**
 * Refuses (400, on `bankName`) new or changed banking details that name a bank which no longer
 * exists (lib/banks.ts FORMER_BANKS). The account already on file, sent again unchanged (the same
 * former bank and account number), stays valid: its owner is not made to change what staff accepted.
 */
export async function refuseFormerBank(
  details: NamedBank & { accountNumber: string },
  owner: BankingOwner,
  db: DbOrTx,
  field = 'bankingDetails.bankName',
): Promise<void> {
  const former = formerBankOf(details);
  if (!former) return;
  const onFile = await bankingOnFile(owner, db);
  const unchanged =
    onFile !== undefined &&
    formerBankOf(onFile) === former &&
    onFile.accountNumber.replace(/[\s-]+/g, '') === details.accountNumber;
  if (!unchanged) throwFieldErrors({ [field]: [formerBankMessage(former)] });
}

/**
 * The columns of a new banking submission (campaign or organisation): Pending
 * until staff decide, the bank derived from its name or branch code (SPEC §3).
 */
export async function bankingSubmission(details: BankingDetailsInput, submittedById: string, db: DbOrTx) {
  return {
    submittedById,
    accountHolderName: details.accountHolderName,
    idType: details.idType,
    idNumber: details.idNumber,
    statementReference: details.statementReference,
    accountNumber: details.accountNumber,
    swiftCode: details.swiftCode,
    accountType: details.accountType,
    isInternational: details.isInternational,
    requestStatus: BankingRequestStatus.Pending,
    ...(await bankColumns(details, db)),
  };
}

/** Stores private documents one at a time; a failure removes those already stored and rethrows. */
export async function saveDocuments(files: readonly File[], ownerId: string): Promise<string[]> {
  const ids: string[] = [];
  try {
    for (const file of files) {
      const saved = await saveDocument({ bytes: await bytesOf(file), originalName: file.name, ownerId });
      ids.push(saved.id);
    }
  } catch (error) {
    await discardFiles(ids);
    throw error;
  }
  return ids;
}

/** Replaces the campaign's documents of one kind with `fileIds` (when any); answers the ids replaced. */
async function replaceDocuments(
  tx: DbOrTx,
  campaignId: string,
  kind: CampaignDocumentKind,
  fileIds: readonly string[],
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const old = await tx
    .delete(campaignDocuments)
    .where(and(eq(campaignDocuments.campaignId, campaignId), eq(campaignDocuments.kind, kind)))
    .returning({ fileId: campaignDocuments.fileId });
  await tx.insert(campaignDocuments).values(fileIds.map((fileId) => ({ campaignId, fileId, kind })));
  return old.map((o) => o.fileId).filter((id) => !fileIds.includes(id));
}

/**
 * `PATCH /campaigns/{id}/verification`: banking details for review (a new
 * submission each time, status Pending until an admin decides) with identity
 * documents (required the first time) and supporting documents; new files of
 * a kind replace the old ones. Only the owner submits: the campaign pays out
 * to this account, and the documents are private to whoever uploads them.
 * Answers the owner view.
 */
export async function submitCampaignVerification(
  user: SessionUser,
  id: string,
  details: BankingDetailsInput,
  files: VerificationFiles,
): Promise<OwnerCampaign> {
  const campaign = await findCampaignForVerification(user, id);
  const problems: FieldErrors = {};
  if (files.identification.length > VERIFICATION_LIMITS.identification) {
    problems.identificationDocumentation = [VERIFICATION_MESSAGES.tooManyIdentification];
  } else if (
    files.identification.length === 0 &&
    (await loadCampaignDocuments(campaign.id, CampaignDocumentKind.Identification)).length === 0
  ) {
    problems.identificationDocumentation = [VERIFICATION_MESSAGES.identificationRequired];
  }
  if (files.supporting.length > VERIFICATION_LIMITS.supporting) {
    problems.supportingDocumentation = [VERIFICATION_MESSAGES.tooManySupporting];
  }
  throwFieldErrors(problems);
  await refuseFormerBank(details, { campaignId: campaign.id }, await getDb());
  const identification = await saveDocuments(files.identification, user.id);
  let supporting: string[] = [];
  try {
    supporting = await saveDocuments(files.supporting, user.id);
  } catch (error) {
    await discardFiles(identification);
    throw error;
  }
  const db = await getDb();
  let replaced: string[] = [];
  try {
    replaced = await db.transaction(async (tx) => {
      await tx
        .insert(bankingDetails)
        .values({ campaignId: campaign.id, ...(await bankingSubmission(details, user.id, tx)) });
      const old = [
        ...(await replaceDocuments(tx, campaign.id, CampaignDocumentKind.Identification, identification)),
        ...(await replaceDocuments(tx, campaign.id, CampaignDocumentKind.Supporting, supporting)),
      ];
      await tx
        .update(campaigns)
        .set({ verificationSubmittedAt: new Date() })
        .where(eq(campaigns.id, campaign.id));
      await recordAudit(
        { actorId: user.id, action: 'campaign-verification', entity: 'campaign', entityId: campaign.id },
        tx,
      );
      return old;
    });
  } catch (error) {
    await discardFiles([...identification, ...supporting]);
    throw error;
  }
  await discardFiles(replaced);
  return getCampaignOwnerView(user, campaign.id);
}
