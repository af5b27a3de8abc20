import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { CampaignStatus } from '~/lib/enums';
import { fullName } from '~/lib/people';
import {
  auditLog,
  bankingDetails,
  campaignAddresses,
  campaignDocuments,
  campaignImages,
  campaignSocials,
  campaigns,
  campaignUpdates,
  campaignVideos,
  donationReceipts,
  donations,
  emailTokens,
  gatewayNotifications,
  mailQueue,
  organisationAddresses,
  organisations,
  organisationUsers,
  payouts,
  rateLimits,
  recurringDonations,
  refreshTokens,
  refundRequests,
  reports,
  storedFiles,
  teamMembers,
  users,
  yearlyCertificates,
} from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { recordAudit } from '~/lib/server/platform/audit';
import type { AccountRow } from './account';
import { assertNoMoneyOutstanding } from './moneyOutstanding';
import {
  namesUser,
  type PersonalValues,
  personalValuesOf,
  scrubJson,
  scrubNullableText,
  scrubText,
} from './personalValues';
import { inIds, type UserRows, userRowsOf } from './userRows';

/** What the donor columns of a donation or a monthly donation become: the ledger keeps the gift, not the giver. */
const ANONYMOUS_DONOR = {
  firstName: 'Anonymous',
  lastName: '',
  email: '',
  mobileNumber: null,
  displayName: null,
  comment: null,
  anonymous: true,
  userId: null,
} as const;

/** Every value of the user's that may have been copied elsewhere: the account's, and what they typed into their gifts, receipts and bank forms. */
async function personalValuesFor(tx: Tx, account: AccountRow, { where }: UserRows): Promise<PersonalValues> {
  const [donors, pledges, receipts, banking, invitations] = await Promise.all([
    tx.select().from(donations).where(where.donations),
    tx.select().from(recurringDonations).where(where.recurringDonations),
    tx.select().from(donationReceipts).where(where.donationReceipts),
    tx.select().from(bankingDetails).where(where.bankingDetails),
    tx.select().from(teamMembers).where(where.teamMembers),
  ]);
  const givers = [...donors, ...pledges];
  return personalValuesOf({
    distinctive: [
      account.email,
      account.msisdn,
      fullName(account),
      account.addressLine1,
      account.addressLine2,
      ...givers.flatMap((g) => [g.email, g.mobileNumber, fullName(g)]),
      ...receipts.flatMap((r) => [r.donorName, r.donorTaxNumber, r.donorAddress, r.donorEmail]),
      ...banking.flatMap((b) => [b.idNumber, b.accountHolderEmail, b.accountNumber]),
      ...invitations.flatMap((t) => [t.email, t.mobileNumber, fullName(t)]),
    ],
    exact: [
      account.firstName,
      account.lastName,
      account.zip,
      account.city,
      account.location,
      ...givers.flatMap((g) => [g.firstName, g.lastName, g.displayName]),
      ...banking.map((b) => b.accountHolderName),
      ...invitations.flatMap((t) => [t.firstName, t.lastName]),
    ],
  });
}

/** Donations, monthly donations, their gateway notifications and their receipts: kept, anonymised. */
async function anonymiseGifts(tx: Tx, { where }: UserRows, values: PersonalValues) {
  await tx.update(donations).set(ANONYMOUS_DONOR).where(where.donations);
  await tx
    .update(recurringDonations)
    .set({
      ...ANONYMOUS_DONOR,
      // A debit order's mandate names its account holder: the masked account and counts stay.
      debitOrder: sql`case when ${recurringDonations.debitOrder} is null then null else ${recurringDonations.debitOrder} || '{"accountHolderName":"Anonymous","idNumberMasked":"","mandateText":"Erased at the donor''s request."}'::jsonb end`,
    })
    .where(where.recurringDonations);
  const notifications = await tx
    .select({
      id: gatewayNotifications.id,
      payload: gatewayNotifications.payload,
      error: gatewayNotifications.error,
    })
    .from(gatewayNotifications)
    .where(where.gatewayNotifications);
  for (const row of notifications) {
    await tx
      .update(gatewayNotifications)
      .set({
        payload: scrubJson(row.payload, values) as Record<string, unknown>,
        error: scrubNullableText(row.error, values),
      })
      .where(eq(gatewayNotifications.id, row.id));
  }
  // Number, amount, dates and organisation stay: the organisation's numbering must keep no gaps.
  await tx
    .update(yearlyCertificates)
    .set({
      donorName: 'Anonymous',
      donorTaxNumber: '',
      donorAddress: '',
      donorEmail: '',
      // Still one per donor and year: the key no longer names anyone.
      donorKey: sql`'erased:' || ${yearlyCertificates.id}`,
    })
    .where(where.yearlyCertificates);
  await tx
    .update(donationReceipts)
    .set({ donorName: 'Anonymous', donorTaxNumber: '', donorAddress: '', donorEmail: '' })
    .where(where.donationReceipts);
}

/** The campaigns' identity documents and pictures: their files then go with the user's unreferenced files (removeFiles). */
async function deleteCampaignFileRows(tx: Tx, campaignIds: string[]): Promise<void> {
  await tx.delete(campaignDocuments).where(inIds(campaignDocuments.campaignId, campaignIds));
  await tx.delete(campaignImages).where(inIds(campaignImages.campaignId, campaignIds));
}

/** The user's campaigns: closed and hidden for good, their private parts deleted; the rows stay for the ledger. */
async function closeCampaigns(tx: Tx, { where, campaignIds }: UserRows, values: PersonalValues) {
  if (campaignIds.length === 0) return;
  await deleteCampaignFileRows(tx, campaignIds);
  await tx.delete(campaignAddresses).where(inIds(campaignAddresses.campaignId, campaignIds));
  await tx.delete(campaignVideos).where(inIds(campaignVideos.campaignId, campaignIds));
  await tx.delete(campaignSocials).where(inIds(campaignSocials.campaignId, campaignIds));
  // Their banking details (and, by cascade, the bank letters' rows); payouts keep their amounts.
  await tx.delete(bankingDetails).where(inIds(bankingDetails.campaignId, campaignIds));
  await tx.delete(campaignUpdates).where(inIds(campaignUpdates.campaignId, campaignIds));
  const rows = await tx.select().from(campaigns).where(where.campaigns);
  const now = new Date();
  for (const row of rows) {
    await tx
      .update(campaigns)
      .set({
        published: false,
        featured: false,
        status: CampaignStatus.Closed,
        closedAt: row.closedAt ?? now,
        name: scrubText(row.name, values),
        story: scrubText(row.story, values),
        thankYouMessage: scrubNullableText(row.thankYouMessage, values),
        closeNote: scrubNullableText(row.closeNote, values),
      })
      .where(eq(campaigns.id, row.id));
  }
}

/**
 * Reports the user made stay for staff (a report is about a campaign, not its reporter), without
 * the user: no account, no address, and none of their values in the text they wrote.
 */
async function scrubReports(tx: Tx, { where }: UserRows, values: PersonalValues) {
  const made = await tx.select().from(reports).where(where.reports);
  for (const report of made) {
    await tx
      .update(reports)
      .set({ userId: null, email: null, details: scrubText(report.details, values) })
      .where(eq(reports.id, report.id));
  }
}

/**
 * Refund requests of the user's donations stay as the record of staff's decision (the refund,
 * if any, is in the ledger): no account, and the reason the donor typed blanked.
 */
async function scrubRefundRequests(tx: Tx, { where }: UserRows, values: PersonalValues) {
  const asked = await tx.select().from(refundRequests).where(where.refundRequests);
  for (const request of asked) {
    await tx
      .update(refundRequests)
      .set({
        userId: null,
        reason: '',
        decisionNote: request.decisionNote === null ? null : scrubText(request.decisionNote, values),
      })
      .where(eq(refundRequests.id, request.id));
  }
}

/** The organisations the user made or ran keep their records, less the user's own contact values. */
async function scrubOrganisations(tx: Tx, { where }: UserRows, mine: (text: string | null) => boolean) {
  const contactIsUser = (o: typeof organisations.$inferSelect) =>
    mine(o.mainContactEmail) ||
    mine(o.mainContactPhone) ||
    mine(fullName({ firstName: o.mainContactFirstName, lastName: o.mainContactLastName }));
  const orgs = await tx.select().from(organisations).where(where.organisations);
  for (const o of orgs) {
    const contact = contactIsUser(o)
      ? {
          mainContactFirstName: null,
          mainContactLastName: null,
          mainContactPhone: null,
          mainContactEmail: null,
        }
      : {};
    await tx
      .update(organisations)
      .set({
        ...contact,
        email: mine(o.email) ? null : o.email,
        telephone: mine(o.telephone) ? null : o.telephone,
      })
      .where(eq(organisations.id, o.id));
    const addresses = await tx
      .select()
      .from(organisationAddresses)
      .where(eq(organisationAddresses.organisationId, o.id));
    for (const a of addresses) {
      await tx
        .update(organisationAddresses)
        .set({
          addressLine1: mine(a.addressLine1) ? null : a.addressLine1,
          addressLine2: mine(a.addressLine2) ? null : a.addressLine2,
        })
        .where(eq(organisationAddresses.id, a.id));
    }
  }
}

/** What stays because it is someone else's record (an organisation's, a campaign's, a payout), less the user's values. */
async function scrubSharedRecords(tx: Tx, rows: UserRows, values: PersonalValues) {
  const { subject } = rows;
  const updates = await tx.select().from(campaignUpdates).where(eq(campaignUpdates.userId, subject.id));
  for (const update of updates) {
    await tx
      .update(campaignUpdates)
      .set({ description: scrubText(update.description, values) })
      .where(eq(campaignUpdates.id, update.id));
  }
  const mine = (text: string | null) => text !== null && namesUser(text, values);
  await scrubOrganisations(tx, rows, mine);
  const banking = await tx.select().from(bankingDetails).where(eq(bankingDetails.submittedById, subject.id));
  for (const b of banking) {
    await tx
      .update(bankingDetails)
      .set({
        accountHolderName: mine(b.accountHolderName) ? '' : b.accountHolderName,
        accountHolderEmail: mine(b.accountHolderEmail) ? null : b.accountHolderEmail,
        idNumber: mine(b.idNumber) ? null : b.idNumber,
        statementReference: scrubNullableText(b.statementReference, values),
        rejectionReason: scrubNullableText(b.rejectionReason, values),
      })
      .where(eq(bankingDetails.id, b.id));
  }
  const requested = await tx.select().from(payouts).where(eq(payouts.requestedById, subject.id));
  for (const p of requested) {
    await tx
      .update(payouts)
      .set({
        notes: scrubNullableText(p.notes, values),
        description: scrubNullableText(p.description, values),
      })
      .where(eq(payouts.id, p.id));
  }
}

/**
 * The audit log is append-only (migration 0004's trigger); POPIA's erasure is the one change it
 * allows (migration 0009): with `letsema.erasure` on for this transaction only, an entry's
 * details, before and after may be rewritten, never who did what, to what or when.
 */
async function scrubAuditLog(tx: Tx, { subject }: UserRows, values: PersonalValues) {
  const patterns = values.distinctive.map((value) => `%${value.replace(/[\\%_]/g, '\\$&')}%`);
  const mentions = (column: SQL | typeof auditLog.details) =>
    patterns.length > 0 ? sql`lower(${column}::text) like any (${sql.param(patterns)}::text[])` : sql`false`;
  const rows = await tx
    .select()
    .from(auditLog)
    .where(
      or(
        eq(auditLog.actorId, subject.id),
        mentions(auditLog.details),
        mentions(sql`${auditLog.before}`),
        mentions(sql`${auditLog.after}`),
      ),
    );
  const changed = rows
    .map((row) => {
      // The client address of the user's own entries (a failed login's) is theirs too.
      const keys = row.actorId === subject.id ? ['address'] : [];
      const next = {
        details: scrubJson(row.details, values, keys) as Record<string, unknown>,
        before: scrubJson(row.before, values, keys),
        after: scrubJson(row.after, values, keys),
      };
      const same =
        JSON.stringify(next) ===
        JSON.stringify({ details: row.details, before: row.before, after: row.after });
      return same ? null : { id: row.id, ...next };
    })
    .filter((row) => row !== null);
  if (changed.length === 0) return;
  await tx.execute(sql`select set_config('letsema.erasure', 'on', true)`);
  for (const { id, ...next } of changed) await tx.update(auditLog).set(next).where(eq(auditLog.id, id));
  await tx.execute(sql`select set_config('letsema.erasure', 'off', true)`);
}

/** Stored files still named by something that stays (an organisation's, a payout's, another campaign's). */
const FILE_STILL_USED = sql`(
  exists (select 1 from campaign_images ci where ci.file_id = stored_files.id)
  or exists (select 1 from campaign_documents cd where cd.file_id = stored_files.id)
  or exists (select 1 from campaign_update_media cu where cu.file_id = stored_files.id)
  or exists (select 1 from banking_detail_documents bd where bd.file_id = stored_files.id)
  or exists (select 1 from organisation_verification_documents od where od.file_id = stored_files.id)
  or exists (select 1 from organisation_verifications ov where ov.legal_document_file_id = stored_files.id)
  or exists (select 1 from organisations o where o.logo_file_id = stored_files.id or o.s18_certificate_file_id = stored_files.id)
  or exists (select 1 from payouts p where p.document_file_id = stored_files.id)
  or exists (select 1 from users u where u.image_file_id = stored_files.id)
)`;

/** Deletes the user's files nothing else keeps (their storage keys, for the bytes after commit); the rest lose their names. */
async function removeFiles(tx: Tx, { subject }: UserRows): Promise<string[]> {
  const removed = await tx
    .delete(storedFiles)
    .where(and(eq(storedFiles.ownerId, subject.id), sql`not ${FILE_STILL_USED}`))
    .returning({ storageKey: storedFiles.storageKey });
  // A file name such as 'Thandi Mokoena ID.pdf' says who uploaded it.
  await tx
    .update(storedFiles)
    .set({
      originalName: sql`'file' || coalesce(substring(${storedFiles.originalName} from '\\.[A-Za-z0-9]{1,5}$'), '')`,
    })
    .where(eq(storedFiles.ownerId, subject.id));
  return removed.map((row) => row.storageKey);
}

/**
 * Erases the account inside `tx` (docs/api/privacy.md, personalData.ts): the row blanked, the
 * user's rows deleted or anonymised table by table. Returns the storage keys whose bytes to delete
 * once the transaction has committed.
 */
export async function eraseAccount(tx: Tx, account: AccountRow): Promise<string[]> {
  // Again inside the transaction: a gift settled since the first check must not be orphaned.
  await assertNoMoneyOutstanding(account.id, tx);
  const rows = await userRowsOf(tx, account);
  const { subject, where } = rows;
  const values = await personalValuesFor(tx, account, rows);

  await tx
    .update(users)
    .set({
      email: `deleted-${account.id}@invalid`,
      passwordHash: null,
      firstName: 'Deleted',
      lastName: 'user',
      msisdn: null,
      location: null,
      addressLine1: null,
      addressLine2: null,
      zip: null,
      city: null,
      province: null,
      country: null,
      imageFileId: null,
      active: false,
      emailConfirmed: false,
      role: 'user',
      lastLoginAt: null,
      deletedAt: new Date(),
    })
    .where(eq(users.id, account.id));
  await anonymiseGifts(tx, rows, values);
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, subject.id));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, subject.id));
  await tx.delete(rateLimits).where(where.rateLimits);
  // Mail to the address, sent or waiting (its files go with it).
  await tx.delete(mailQueue).where(eq(mailQueue.address, subject.email));
  await tx.delete(teamMembers).where(where.teamMembers);
  await tx.delete(organisationUsers).where(where.organisationUsers);
  await closeCampaigns(tx, rows, values);
  await scrubSharedRecords(tx, rows, values);
  await scrubReports(tx, rows, values);
  await scrubRefundRequests(tx, rows, values);
  await scrubAuditLog(tx, rows, values);
  const removedKeys = await removeFiles(tx, rows);
  await recordAudit(
    { actorId: account.id, action: 'account-deleted', entity: 'user', entityId: account.id },
    tx,
  );
  return removedKeys;
}
