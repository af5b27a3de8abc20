import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DonorReceipt, OrganisationReceipt } from '~/lib/contracts/receipts';
import { fromCents } from '~/lib/money';
import { receiptNumberText } from '~/lib/receipts';
import { getDb } from '~/lib/server/db';
import { campaigns, donationReceipts, donations } from '~/lib/server/db/schema';

export type ReceiptRow = typeof donationReceipts.$inferSelect;

/** A receipt as issued, with what it names of its donation that is not copied onto it. */
export interface ReceiptRecord extends ReceiptRow {
  campaignName: string;
  donationReference: string;
  /** The number of the receipt that replaced this cancelled one, if any. */
  replacedByNumber: number | null;
  /** The number of the cancelled receipt this one replaces, if any. */
  replacesNumber: number | null;
}

/** Receipts matching `where`, newest number first. */
export async function loadReceiptRecords(
  where: SQL | undefined,
  page: { limit: number; offset: number } | null = null,
): Promise<ReceiptRecord[]> {
  const db = await getDb();
  const query = db
    .select({
      receipt: donationReceipts,
      campaignName: campaigns.name,
      donationReference: donations.reference,
      replacedByNumber: sql<number | null>`(select r2.number from donation_receipts r2
        where r2.replaces_receipt_id = ${donationReceipts.id} limit 1)`,
      replacesNumber: sql<number | null>`(select r0.number from donation_receipts r0
        where r0.id = ${donationReceipts.replacesReceiptId})`,
    })
    .from(donationReceipts)
    .innerJoin(donations, eq(donations.id, donationReceipts.donationId))
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(where)
    .orderBy(desc(donationReceipts.number));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map((row) => ({
    ...row.receipt,
    campaignName: row.campaignName,
    donationReference: row.donationReference,
    replacedByNumber: row.replacedByNumber === null ? null : Number(row.replacedByNumber),
    replacesNumber: row.replacesNumber === null ? null : Number(row.replacesNumber),
  }));
}

/**
 * The newest receipt of one donation, or null: the one in force, or, once a refund cancelled it and
 * nothing remains, the cancelled one (its PDF reads CANCELLED).
 */
export async function findReceiptRecord(donationId: string): Promise<ReceiptRecord | null> {
  const [record] = await loadReceiptRecords(eq(donationReceipts.donationId, donationId));
  return record ?? null;
}

export function donorReceiptOf(row: ReceiptRow): DonorReceipt {
  return {
    number: row.number,
    numberText: receiptNumberText(row.number),
    issuedAt: row.issuedAt.toISOString(),
    donorName: row.donorName,
    donorEmail: row.donorEmail,
    organisationName: row.organisationName,
    amount: fromCents(row.amount),
    currencyId: row.currencyId,
  };
}

export function organisationReceiptOf(record: ReceiptRecord): OrganisationReceipt {
  return {
    id: record.id,
    number: record.number,
    numberText: receiptNumberText(record.number),
    issuedAt: record.issuedAt.toISOString(),
    donatedAt: record.donatedAt.toISOString(),
    donorName: record.donorName,
    donorTaxNumber: record.donorTaxNumber,
    donorAddress: record.donorAddress,
    donorEmail: record.donorEmail,
    amount: fromCents(record.amount),
    currencyId: record.currencyId,
    campaignName: record.campaignName,
    donationReference: record.donationReference,
    cancelledAt: record.cancelledAt?.toISOString() ?? null,
    cancelReason: record.cancelReason,
    replacesReceiptId: record.replacesReceiptId,
  };
}

/** 'SA ID number' for 13 digits, else 'Income tax reference number' (the request form allows only these two). */
export function taxNumberLabel(number: string): string {
  return number.length === 13 ? 'SA ID number' : 'Income tax reference number';
}
