import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefundKind, RefundMethod, RefundStatus } from '~/lib/enums';
import { prepareServerTestEnv } from '../support/serverEnv';

// Issue 26: yearly Section 18A certificates on in-memory PGlite, dates set directly: one per donor
// and tax year (1 March to the end of February, South African days), in the receipts' one number
// series without gaps, a gift with its own receipt listed but not counted twice, refunds taken away.
// tests/api/yearly-certificates.test.ts proves the same over HTTP on PostgreSQL.

const testEnv = prepareServerTestEnv();
const { makeCampaign, makeDonation } = await import('../support/donationFixtures');
const { closeDb, getDb } = await import('~/lib/server/db');
const { campaigns, campaignSettings, donationReceipts, donations, organisations, users } = await import(
  '~/lib/server/db/schema'
);
const { nextReceiptNumber } = await import('~/lib/server/receipts/issueReceipt');
const { issueYearlyCertificates, myYearlyCertificates, endedTaxYear } = await import(
  '~/lib/server/receipts/yearlyCertificates'
);
const { bookLedgerEntry } = await import('~/lib/server/refunds/ledger');
const { listOutbox } = await import('~/lib/server/mail/outbox');
const { mailYearlyCertificate } = await import('~/lib/server/receipts/yearlyCertificateMail');
const { mailReceiptChange, reissueReceiptAfterRefund } = await import(
  '~/lib/server/receipts/refundedReceipts'
);

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;

beforeAll(async () => {
  db = await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

const sast = (moment: string): Date => new Date(`${moment}+02:00`);

async function pboCampaign() {
  const tag = randomUUID().slice(0, 8);
  const [org] = await db
    .insert(organisations)
    .values({ legalName: `Ubuntu Trust ${tag}`, url: `ubuntu-trust-${tag}`, pboNumber: '930012345' })
    .returning();
  if (!org) throw new Error('no organisation');
  const campaign = await makeCampaign({ frequency: 0, name: `School shoes ${tag}` });
  await db.update(campaigns).set({ organisationId: org.id }).where(eq(campaigns.id, campaign.id));
  await db
    .update(campaignSettings)
    .set({ isTaxBenefit: true })
    .where(eq(campaignSettings.campaignId, campaign.id));
  const [owner] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, campaign.ownerEmail));
  if (!owner) throw new Error('no owner');
  const user = {
    ...owner,
    msisdn: null,
    location: null,
    active: true,
    emailConfirmed: true,
    hasOrganization: true,
    isChampion: false,
    role: 'user' as const,
  };
  return { org, campaign, user };
}

/** A single receipt for `donationId`, numbered from the organisation's counter as issueReceipt does. */
async function singleReceipt(organisationId: string, donationId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const number = await nextReceiptNumber(tx, organisationId);
    const [gift] = await tx.select().from(donations).where(eq(donations.id, donationId));
    await tx.insert(donationReceipts).values({
      organisationId,
      number,
      donationId,
      donorName: 'Lindiwe Dube',
      donorTaxNumber: '8001015009087',
      donorAddress: '12 Vilakazi St\nSoweto',
      donorEmail: gift?.email ?? '',
      amount: gift?.amount ?? 0,
      donatedAt: gift?.settledAt ?? new Date(),
      organisationName: 'Ubuntu Trust',
      organisationAddress: '',
      pboNumber: '930012345',
    });
    return number;
  });
}

const refund = (donationId: string, amount?: number) =>
  db.transaction((tx) =>
    bookLedgerEntry(tx, {
      donationId,
      kind: RefundKind.Refund,
      method: RefundMethod.Manual,
      ...(amount === undefined ? {} : { amount }),
      reason: 'Test refund.',
      idempotencyKey: randomUUID(),
      status: RefundStatus.Completed,
    }),
  );

describe('yearly Section 18A certificates', () => {
  it('cover a donor’s tax year, share the receipts’ numbers, and count nothing twice', async () => {
    const { org, campaign, user } = await pboCampaign();
    const lindiwe = `lindiwe-${org.id.slice(0, 6)}@example.test`;
    // Tax year 2025 ends on 28 February 2025 at midnight, South African time.
    await makeDonation(campaign, { email: lindiwe, amount: 100, settledAt: sast('2025-02-28T23:59:59') });
    await makeDonation(campaign, {
      email: lindiwe,
      amount: 200,
      tip: 20,
      settledAt: sast('2025-03-01T00:00:00'),
    });
    const receipted = await makeDonation(campaign, {
      email: lindiwe,
      amount: 300,
      settledAt: sast('2025-12-01T10:00:00'),
    });
    const halved = await makeDonation(campaign, {
      email: lindiwe.toUpperCase(),
      amount: 80,
      settledAt: sast('2026-01-10T10:00:00'),
    });
    const gone = await makeDonation(campaign, {
      email: `gone-${org.id.slice(0, 6)}@example.test`,
      amount: 50,
      settledAt: sast('2025-06-01T10:00:00'),
    });
    await refund(halved.id, 3_000);
    await refund(gone.id);
    expect(await singleReceipt(org.id, receipted.id)).toBe(1);

    const result = await issueYearlyCertificates(user, org, { taxYear: 2026 }, mailYearlyCertificate);
    expect(result).toEqual({ taxYear: 2026, issued: 1, mailed: 1, alreadyIssued: 0, skipped: 1 });
    // The next single receipt takes the number after the certificate's: one series, no gaps.
    const later = await makeDonation(campaign, {
      email: lindiwe,
      amount: 40,
      settledAt: sast('2026-05-01T10:00:00'),
    });
    expect(await singleReceipt(org.id, later.id)).toBe(3);

    const [certificate] = (await myYearlyCertificates({ ...user, email: lindiwe })).filter(
      (c) => c.organisation.id === org.id,
    );
    expect(certificate).toMatchObject({ number: 2, numberText: '000002', taxYear: 2026, amount: 250 });
    // 200 (its tip left out) + 80 − 30 refunded; the receipted 300 listed with its receipt, counting 0.
    expect(certificate?.donations.map((d) => [d.amount, d.singleReceiptNumber])).toEqual([
      [200, null],
      [0, 1],
      [50, null],
    ]);
    // The mail went to the donor with the PDF.
    const [mail] = await listOutbox({ to: lindiwe });
    expect(mail?.subject).toMatch(/^Your 2026 Section 18A certificate No\. 000002 from Ubuntu Trust/);

    // Asked again: nothing new, no second number.
    expect(await issueYearlyCertificates(user, org, { taxYear: 2026 }, mailYearlyCertificate)).toMatchObject({
      issued: 0,
      alreadyIssued: 1,
    });
    // The year before holds the gift of 28 February only.
    await issueYearlyCertificates(user, org, { taxYear: 2025 }, mailYearlyCertificate);
    const byYear = (await myYearlyCertificates({ ...user, email: lindiwe })).filter(
      (c) => c.organisation.id === org.id,
    );
    expect(byYear.map((c) => [c.taxYear, c.number, c.amount])).toEqual([
      [2026, 2, 250],
      [2025, 4, 100],
    ]);
  });

  it('is cancelled and issued again, with the next number, when a gift it covers is refunded', async () => {
    const { org, campaign, user } = await pboCampaign();
    const thabo = `thabo-${org.id.slice(0, 6)}@example.test`;
    await makeDonation(campaign, { email: thabo, amount: 400, settledAt: sast('2025-05-01T10:00:00') });
    const partly = await makeDonation(campaign, {
      email: thabo,
      amount: 100,
      settledAt: sast('2025-06-01T10:00:00'),
    });
    await issueYearlyCertificates(user, org, { taxYear: 2026 }, mailYearlyCertificate);
    const change = await db.transaction(async (tx) => {
      await bookLedgerEntry(tx, {
        donationId: partly.id,
        kind: RefundKind.Refund,
        method: RefundMethod.Manual,
        amount: 6_000,
        reason: 'Gave too much.',
        idempotencyKey: randomUUID(),
        status: RefundStatus.Completed,
      });
      return reissueReceiptAfterRefund(tx, partly.id, 'Gave too much.');
    });
    expect(change?.certificates).toEqual([
      expect.objectContaining({ cancelledNumber: 1, replacementId: expect.any(String) }),
    ]);
    await mailReceiptChange(change);
    const mine = (await myYearlyCertificates({ ...user, email: thabo })).filter(
      (c) => c.organisation.id === org.id,
    );
    // Only the replacement is in force: number 2, for 400 + 40 left.
    expect(mine.map((c) => [c.number, c.amount])).toEqual([[2, 440]]);
    const [mail] = await listOutbox({ to: thabo });
    expect(mail?.text).toContain('It replaces certificate No. 000001');
  });

  it('refuses a tax year that has not ended', () => {
    expect(() => endedTaxYear(2027, '2026-11-29')).toThrow(
      'The 2027 tax year has not ended yet: its certificates can be issued from 1 March 2027.',
    );
    expect(endedTaxYear(2026, '2026-11-29')).toBe(2026);
    expect(() => endedTaxYear('twenty', '2026-11-29')).toThrow(/Choose a tax year/);
  });
});
