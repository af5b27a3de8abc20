import { desc, eq } from 'drizzle-orm';
import {
  AccountType,
  BankingIdType,
  BankingRequestStatus,
  CampaignDocumentKind,
  PayoutStatus,
} from '~/lib/enums';
import * as s from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { getStorage } from '~/lib/server/platform/storage';
import type { DemoIds } from './demo';

const DAY = 86_400_000;

/** A one-page PDF that says what it stands for (the demo has no real identity documents). */
export function demoPdf(title: string): Uint8Array {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/**
 * A private demo document (only its owner and staff can open it), stored like an upload. The
 * bytes are written even if the seed's transaction rolls back: a stray file nobody refers to.
 */
async function insertDocument(tx: Tx, ownerId: string, name: string, title: string): Promise<string> {
  const bytes = demoPdf(title);
  const storageKey = `documents/demo-${name}`;
  await getStorage().put(storageKey, bytes, 'application/pdf');
  const [row] = await tx
    .insert(s.storedFiles)
    .values({
      storageKey,
      url: `/files/${storageKey}`,
      originalName: name,
      mimeType: 'application/pdf',
      size: bytes.byteLength,
      isPrivate: true,
      ownerId,
    })
    .returning({ id: s.storedFiles.id });
  if (!row) throw new Error(`demo document ${name} not inserted`);
  return row.id;
}

function campaignId(ids: DemoIds, url: string): string {
  const id = ids.campaigns.get(url);
  if (!id) throw new Error(`demo campaign ${url} missing`);
  return id;
}

/** Langa Lions asked to be verified: banking details Pending, the coach's ID and a letter from the league. */
async function campaignAwaitingVerification(tx: Tx, ids: DemoIds): Promise<void> {
  const at = (days: number): Date => new Date(ids.now + days * DAY);
  const langa = campaignId(ids, 'langa-lions-u15-to-nationals');
  const owner = ids.users.zanele;
  const identification = await insertDocument(tx, owner, 'zanele-id.pdf', 'Identity document: Zanele (demo)');
  const supporting = await insertDocument(
    tx,
    owner,
    'langa-lions-league-letter.pdf',
    'Letter from the Western Cape U15 league (demo)',
  );
  await tx.insert(s.campaignDocuments).values([
    { campaignId: langa, fileId: identification, kind: CampaignDocumentKind.Identification },
    { campaignId: langa, fileId: supporting, kind: CampaignDocumentKind.Supporting },
  ]);
  const [bank] = await tx
    .insert(s.bankingDetails)
    .values({
      campaignId: langa,
      submittedById: owner,
      accountHolderName: 'Langa Lions Football Club',
      accountHolderEmail: 'zanele.mokoena@letsema.test',
      idType: BankingIdType.SAIdNumber,
      idNumber: '8807120000000',
      statementReference: 'LANGA LIONS',
      bankId: 16,
      bankName: 'Capitec Bank',
      accountNumber: '1398274650',
      bankCode: '470010',
      accountType: AccountType.Savings,
      requestStatus: BankingRequestStatus.Pending,
      createdAt: at(-2),
    })
    .returning({ id: s.bankingDetails.id });
  if (bank)
    await tx.insert(s.bankingDetailDocuments).values({ bankingDetailId: bank.id, fileId: supporting });
  await tx
    .update(s.campaigns)
    .set({ verificationSubmittedAt: at(-2) })
    .where(eq(s.campaigns.id, langa));
}

/**
 * Karoo Animal Rescue sent its questionnaire with its registration certificate, last year's
 * report, and its banking details (inserted with the others) with the bank's letter, last week.
 */
async function organisationAwaitingVerification(tx: Tx, ids: DemoIds): Promise<void> {
  const at = (days: number): Date => new Date(ids.now + days * DAY);
  const karoo = ids.organisations.karoo;
  const legal = await insertDocument(
    tx,
    ids.users.lerato,
    'karoo-npc-registration.pdf',
    'Karoo Animal Rescue NPC: CIPC registration certificate 2019/482210/08, NPO number 231-905 NPO (demo)',
  );
  const report = await insertDocument(
    tx,
    ids.users.lerato,
    'karoo-annual-report-2025.pdf',
    'Karoo Animal Rescue NPC: annual report 2025 (demo)',
  );
  await tx.insert(s.organisationVerificationDocuments).values({ organisationId: karoo, fileId: report });
  await tx
    .update(s.organisationVerifications)
    .set({
      legalDocumentFileId: legal,
      submittedAt: at(-6),
      crowdFundingLinks: 'https://karoorescue.example.org/donkey-clinic-2024',
    })
    .where(eq(s.organisationVerifications.organisationId, karoo));
  await attachBankLetter(
    tx,
    ids.users.lerato,
    s.bankingDetails.organisationId,
    karoo,
    'karoo-bank-letter.pdf',
  );
}

/**
 * The bank's confirmation letter of the newest banking details `column` = `ownerId` names
 * (proof of the account, as staff compare it with the details typed in).
 */
async function attachBankLetter(
  tx: Tx,
  uploaderId: string,
  column: typeof s.bankingDetails.organisationId | typeof s.bankingDetails.campaignId,
  ownerId: string,
  name: string,
): Promise<void> {
  const [bank] = await tx
    .select({
      id: s.bankingDetails.id,
      holder: s.bankingDetails.accountHolderName,
      number: s.bankingDetails.accountNumber,
    })
    .from(s.bankingDetails)
    .where(eq(column, ownerId))
    .orderBy(desc(s.bankingDetails.createdAt))
    .limit(1);
  if (!bank) return;
  const letter = await insertDocument(
    tx,
    uploaderId,
    name,
    `Bank confirmation letter: ${bank.holder}, account ${bank.number} (demo)`,
  );
  await tx.insert(s.bankingDetailDocuments).values({ bankingDetailId: bank.id, fileId: letter });
}

/** The rest of Themba's fund to the family account: accepted by staff, waiting to be paid. */
async function payoutAwaitingPayment(tx: Tx, ids: DemoIds): Promise<void> {
  const at = (days: number): Date => new Date(ids.now + days * DAY);
  const themba = campaignId(ids, 'in-loving-memory-of-themba-zulu');
  const amount = Math.floor((ids.raised.get('in-loving-memory-of-themba-zulu') ?? 0) * 0.08);
  const [bank] = await tx
    .select({ id: s.bankingDetails.id })
    .from(s.bankingDetails)
    .where(eq(s.bankingDetails.campaignId, themba))
    .limit(1);
  if (amount <= 0 || !bank) return;
  const [payout] = await tx
    .insert(s.payouts)
    .values({
      campaignId: themba,
      requestedById: ids.users.sipho,
      status: PayoutStatus.Accepted,
      amount,
      payoutOption: 'bankingDetails',
      description: 'The study fund for Ayanda and Zinhle',
      notes: 'The balance of the campaign, to the family account.',
      bankingDetailId: bank.id,
      reviewedById: ids.users.nomvula,
      reviewedAt: at(-1),
      createdAt: at(-3),
    })
    .returning({ id: s.payouts.id });
  if (payout) await tx.insert(s.payoutItems).values({ payoutId: payout.id, campaignId: themba, amount });
}

/**
 * Something waiting in each back-office queue (with the Karoo banking details, Siyakhula's pending
 * payout and Lwazi's pending EFT donation inserted elsewhere): a campaign and an organisation
 * awaiting verification, and a payout accepted but not yet paid; each with its evidence
 * (documents, banking details, questionnaire answers) for the review.
 */
export async function insertQueueItems(tx: Tx, ids: DemoIds): Promise<void> {
  await campaignAwaitingVerification(tx, ids);
  await organisationAwaitingVerification(tx, ids);
  await payoutAwaitingPayment(tx, ids);
  // The accounts the two waiting payouts go to: their bank letters, as staff check before paying.
  await attachBankLetter(
    tx,
    ids.users.anele,
    s.bankingDetails.organisationId,
    ids.organisations.siyakhula,
    'siyakhula-bank-letter.pdf',
  );
  await attachBankLetter(
    tx,
    ids.users.sipho,
    s.bankingDetails.campaignId,
    campaignId(ids, 'in-loving-memory-of-themba-zulu'),
    'zulu-family-bank-letter.pdf',
  );
}
