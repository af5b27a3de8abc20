import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ReceiptRequestResult } from '~/lib/contracts/receipts';
import { receiptNumberText } from '~/lib/receipts';
import { receiptRequestSchema } from '~/lib/schemas/receipt';
import type { requireUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import {
  donationReceipts,
  donations,
  organisationAddresses,
  organisationReceiptCounters,
  organisations,
} from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { conflict, notFound } from '~/lib/server/http/errors';
import { parseInput } from '~/lib/server/http/parseInput';
import { remainderOf } from '~/lib/server/refunds/ledger';
import { findDonorsDonation } from './donorAccess';
import { loadReceiptFacts, RECEIPT_WORDS, receiptProblem } from './eligibility';
import { mailReceipt } from './receiptMail';
import { donorReceiptOf, type ReceiptRow } from './receiptRecords';

export interface ReceiptRequestOutcome {
  result: ReceiptRequestResult;
  /** This request issued it (201), rather than finding the one issued before (200). */
  created: boolean;
  message: string;
}

/** An organisation's main address (position 0) on one line per part, as the receipt prints it. */
export async function mainAddressOf(tx: Tx, organisationId: string): Promise<string> {
  const [address] = await tx
    .select()
    .from(organisationAddresses)
    .where(eq(organisationAddresses.organisationId, organisationId))
    .orderBy(asc(organisationAddresses.position), asc(organisationAddresses.id))
    .limit(1);
  if (!address) return '';
  const { addressLine1, addressLine2, city, province, zip, country } = address;
  const town = [city, zip].filter(Boolean).join(' ');
  return [addressLine1, addressLine2, town, province, country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * The organisation's next receipt number: its counter row raised by an upsert, whose row lock makes
 * concurrent issuers of one organisation take turns; rolled back with a transaction that fails, so
 * the numbers have no gaps.
 */
export async function nextReceiptNumber(tx: Tx, organisationId: string): Promise<number> {
  const [counter] = await tx
    .insert(organisationReceiptCounters)
    .values({ organisationId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: organisationReceiptCounters.organisationId,
      set: { lastNumber: sql`${organisationReceiptCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: organisationReceiptCounters.lastNumber });
  if (!counter) throw new Error('The receipt counter was not raised.');
  return counter.lastNumber;
}

/**
 * Issues the receipt in one transaction, or finds the one issued before. The donation's row lock
 * makes a second request for it wait and then find the first one's receipt. The counter row of
 * the organisation is raised by an upsert, whose row lock makes concurrent issuers of one
 * organisation take turns; a transaction that fails after taking a number rolls the raise back
 * with it, so the numbers have no gaps.
 */
async function issueInTransaction(
  donationId: string,
  input: { donorName: string; donorTaxNumber: string; donorAddress: string },
  requestedById: string | null,
): Promise<{ receipt: ReceiptRow; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [donation] = await tx.select().from(donations).where(eq(donations.id, donationId)).for('update');
    if (!donation) throw notFound(RECEIPT_WORDS.notFound());
    const [existing] = await tx
      .select()
      .from(donationReceipts)
      .where(and(eq(donationReceipts.donationId, donationId), isNull(donationReceipts.cancelledAt)));
    if (existing) return { receipt: existing, created: false };
    // Again under the lock: the donation may have been refunded, or the organisation changed, meanwhile.
    const facts = (await loadReceiptFacts([donationId], tx)).get(donationId);
    const problem = facts ? receiptProblem(facts) : RECEIPT_WORDS.notFound();
    if (problem || !facts?.organisationId || !facts.pboNumber)
      throw conflict(problem ?? RECEIPT_WORDS.notFound());
    const organisationId = facts.organisationId;
    const [organisation] = await tx
      .select({ legalName: organisations.legalName })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    const number = await nextReceiptNumber(tx, organisationId);
    if (!organisation) throw notFound(RECEIPT_WORDS.notFound());
    const remainder = await remainderOf(tx, donation);
    if (remainder.amount <= 0) throw conflict(RECEIPT_WORDS.refunded());
    const [receipt] = await tx
      .insert(donationReceipts)
      .values({
        organisationId,
        number,
        donationId,
        requestedById,
        ...input,
        donorEmail: donation.email,
        currencyId: donation.currencyId,
        // The gift only (a tip goes to the platform, not to the organisation), less any refund.
        amount: remainder.amount,
        donatedAt: donation.settledAt ?? donation.createdAt,
        organisationName: organisation.legalName,
        organisationAddress: await mainAddressOf(tx, organisationId),
        pboNumber: facts.pboNumber,
      })
      .returning();
    if (!receipt) throw notFound(RECEIPT_WORDS.notFound());
    return { receipt, created: true };
  });
}

/**
 * `POST /donations/{key}/receipt` (docs/api/receipts.md): the donor's details checked, the
 * receipt issued with the next number of the campaign's organisation and mailed; asked again,
 * the same receipt (never a second number), not mailed again.
 */
export async function requestReceipt(
  key: string,
  ctx: Parameters<typeof requireUser>[0],
  body: Record<string, unknown>,
): Promise<ReceiptRequestOutcome> {
  const { donation, requestedBy } = await findDonorsDonation(key, ctx);
  const facts = (await loadReceiptFacts([donation.id])).get(donation.id);
  const problem = facts ? receiptProblem(facts) : RECEIPT_WORDS.notFound();
  if (problem) throw conflict(problem);
  const input = parseInput(receiptRequestSchema, body);
  const { receipt, created } = await issueInTransaction(
    donation.id,
    { donorName: input.fullName, donorTaxNumber: input.idNumber, donorAddress: input.address },
    requestedBy?.id ?? null,
  );
  const numberText = receiptNumberText(receipt.number);
  if (!created) {
    return {
      result: { receipt: donorReceiptOf(receipt), mailed: false },
      created,
      message: RECEIPT_WORDS.alreadyIssued(numberText),
    };
  }
  const mailed = await mailReceipt(receipt, donation);
  return {
    result: { receipt: donorReceiptOf(receipt), mailed },
    created,
    message: mailed
      ? RECEIPT_WORDS.issued(numberText, receipt.donorEmail)
      : RECEIPT_WORDS.issuedNotMailed(numberText),
  };
}
