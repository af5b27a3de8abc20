import { eq, or } from 'drizzle-orm';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { southAfricanDate } from '~/lib/dates';
import { fromCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import {
  auditLog,
  bankingDetailDocuments,
  bankingDetails,
  campaignAddresses,
  campaignDocuments,
  campaignImages,
  campaignSettings,
  campaignSocials,
  campaigns,
  campaignUpdateMedia,
  campaignUpdates,
  campaignVideos,
  currencies,
  donationReceipts,
  donationRefunds,
  donations,
  emailTokens,
  gatewayNotifications,
  organisations,
  organisationUsers,
  organisationVerifications,
  payoutItems,
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
import { getStorage } from '~/lib/server/platform/storage';
import { assertOwnAccount, findAccount } from './account';
import { inIds, type UserRows, userRowsOf } from './userRows';

/** `GET /users/{id}/export` (docs/api/privacy.md): the zip and the name the browser saves it as. */
export interface UserDataExport {
  bytes: Uint8Array;
  fileName: string;
}

type Row = Record<string, unknown>;

/** Columns holding integer cents, shown as amounts with 2 decimals beside the row's currency. */
const MONEY_COLUMNS = new Set([
  'amount',
  'campaignAmount',
  'tipAmount',
  'onceOffAmount',
  'donationTarget',
  'offlineDonations',
  'raisedCents',
]);

/** A row as data.json holds it: dates ISO, money as '250.00' with a `currency` ticker, secrets left out. */
function jsonRow(row: Row, currency: string | null, omit: readonly string[] = []): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key)) continue;
    if (value instanceof Date) out[key] = value.toISOString();
    else if (MONEY_COLUMNS.has(key) && typeof value === 'number') out[key] = fromCents(value).toFixed(2);
    else out[key] = value;
  }
  if (currency && Object.keys(out).some((key) => MONEY_COLUMNS.has(key))) out.currency = currency;
  return out;
}

/** Everything the account's rows hold, keyed by table name (the map in personalData.ts says why each). */
async function tablesOf(rows: UserRows): Promise<Record<string, Row[]>> {
  const db = await getDb();
  const { subject, where, donationIds, campaignIds } = rows;
  const tickers = new Map((await db.select().from(currencies)).map((c) => [c.id, c.ticker]));
  const ticker = (id: number | null | undefined): string | null => (id ? (tickers.get(id) ?? null) : null);
  const userId = subject.id;

  const ownedCampaigns = await db
    .select({ campaign: campaigns, currencyId: campaignSettings.currencyId })
    .from(campaigns)
    .leftJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
    .where(where.campaigns);
  const memberships = await db.select().from(organisationUsers).where(where.organisationUsers);
  const updates = await db.select().from(campaignUpdates).where(eq(campaignUpdates.userId, userId));
  const banking = await db
    .select()
    .from(bankingDetails)
    // And those the user reviewed as staff.
    .where(or(where.bankingDetails, eq(bankingDetails.reviewedById, userId)));
  const certificates = await db.select().from(yearlyCertificates).where(where.yearlyCertificates);
  const payoutRows = await db
    .select()
    .from(payouts)
    .where(or(eq(payouts.requestedById, userId), eq(payouts.reviewedById, userId)));

  const [
    userRows,
    donationRows,
    recurringRows,
    notifications,
    receipts,
    settings,
    addresses,
    images,
    videos,
    socials,
    documents,
    media,
    team,
    organisationRows,
    verifications,
    bankingDocuments,
    items,
    audit,
    files,
    refresh,
    mailed,
    limits,
    reported,
    refunds,
    refundAsks,
  ] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
    db.select().from(donations).where(where.donations),
    db.select().from(recurringDonations).where(where.recurringDonations),
    db.select().from(gatewayNotifications).where(where.gatewayNotifications),
    db.select().from(donationReceipts).where(where.donationReceipts),
    db.select().from(campaignSettings).where(inIds(campaignSettings.campaignId, campaignIds)),
    db.select().from(campaignAddresses).where(inIds(campaignAddresses.campaignId, campaignIds)),
    db.select().from(campaignImages).where(inIds(campaignImages.campaignId, campaignIds)),
    db.select().from(campaignVideos).where(inIds(campaignVideos.campaignId, campaignIds)),
    db.select().from(campaignSocials).where(inIds(campaignSocials.campaignId, campaignIds)),
    db.select().from(campaignDocuments).where(inIds(campaignDocuments.campaignId, campaignIds)),
    db
      .select()
      .from(campaignUpdateMedia)
      .where(
        inIds(
          campaignUpdateMedia.campaignUpdateId,
          updates.map((update) => update.id),
        ),
      ),
    db.select().from(teamMembers).where(where.teamMembers),
    db.select().from(organisations).where(where.organisations),
    // Only an admin decides verifications: the ones they decided, by organisation.
    db
      .select({
        organisationId: organisationVerifications.organisationId,
        reviewedAt: organisationVerifications.reviewedAt,
      })
      .from(organisationVerifications)
      .where(eq(organisationVerifications.reviewedById, userId)),
    db
      .select()
      .from(bankingDetailDocuments)
      .where(
        inIds(
          bankingDetailDocuments.bankingDetailId,
          banking.map((row) => row.id),
        ),
      ),
    db
      .select()
      .from(payoutItems)
      .where(
        inIds(
          payoutItems.payoutId,
          payoutRows.map((row) => row.id),
        ),
      ),
    db.select().from(auditLog).where(eq(auditLog.actorId, userId)).orderBy(auditLog.at),
    db.select().from(storedFiles).where(eq(storedFiles.ownerId, userId)),
    db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId)),
    db.select().from(emailTokens).where(eq(emailTokens.userId, userId)),
    db.select().from(rateLimits).where(where.rateLimits),
    db.select().from(reports).where(where.reports).orderBy(reports.createdAt),
    db
      .select()
      .from(donationRefunds)
      .where(or(inIds(donationRefunds.donationId, donationIds), eq(donationRefunds.createdById, userId)))
      .orderBy(donationRefunds.createdAt),
    db
      .select()
      .from(refundRequests)
      // And those the user decided as staff.
      .where(or(where.refundRequests, eq(refundRequests.decidedById, userId)))
      .orderBy(refundRequests.createdAt),
  ]);

  const payoutCurrency = new Map(payoutRows.map((row) => [row.id, row.currencyId]));
  const donationCurrency = new Map(donationRows.map((row) => [row.id, row.currencyId]));
  const plain = (rows: Row[], omit: readonly string[] = []) => rows.map((row) => jsonRow(row, null, omit));
  const priced = <T extends Row & { currencyId: number }>(rows: T[], omit: readonly string[] = []) =>
    rows.map((row) => jsonRow(row, ticker(row.currencyId), omit));

  return {
    users: plain(userRows, ['passwordHash']),
    donations: priced(donationRows),
    recurring_donations: priced(recurringRows, ['gatewayToken']),
    gateway_notifications: plain(notifications),
    donation_receipts: priced(receipts),
    yearly_certificates: priced(certificates),
    campaigns: ownedCampaigns.map((row) => jsonRow(row.campaign, ticker(row.currencyId))),
    campaign_settings: plain(settings),
    campaign_addresses: plain(addresses),
    campaign_images: plain(images),
    campaign_videos: plain(videos),
    campaign_socials: plain(socials),
    campaign_documents: plain(documents),
    campaign_updates: plain(updates),
    campaign_update_media: plain(media),
    team_members: plain(team, ['inviteTokenHash']),
    organisations: plain(organisationRows),
    organisation_users: plain(memberships),
    organisation_verifications: plain(verifications),
    banking_details: plain(banking),
    banking_detail_documents: plain(bankingDocuments),
    payouts: priced(payoutRows),
    payout_items: items.map((row) => jsonRow(row, ticker(payoutCurrency.get(row.payoutId)))),
    audit_log: plain(audit),
    stored_files: plain(files),
    refresh_tokens: plain(refresh, ['tokenHash']),
    email_tokens: plain(mailed, ['tokenHash']),
    rate_limits: plain(limits),
    reports: plain(reported),
    donation_refunds: refunds.map((row) => jsonRow(row, ticker(donationCurrency.get(row.donationId)))),
    refund_requests: plain(refundAsks),
  };
}

/** The bytes of every file the user uploaded, by its path in the zip; files not in storage are listed as missing. */
async function fileEntries(
  files: Row[],
): Promise<{ entries: Record<string, Uint8Array>; missing: string[] }> {
  const storage = getStorage();
  const entries: Record<string, Uint8Array> = {};
  const missing: string[] = [];
  for (const file of files) {
    const key = String(file.storageKey);
    const stored = await storage.get(key).catch(() => null);
    if (!stored) {
      missing.push(`${file.id} (${file.originalName})`);
      continue;
    }
    entries[`files/${file.id}/${file.originalName}`] = new Uint8Array(
      await new Response(stored.body).arrayBuffer(),
    );
  }
  return { entries, missing };
}

function readme(exportedAt: Date, fileCount: number, missing: readonly string[]): string {
  return [
    'Your data from Letsema',
    '======================',
    '',
    `Made on ${exportedAt.toISOString()} at your request (POPIA, section 23).`,
    '',
    'data.json holds every row of our database that belongs to you, by table:',
    '- users: your account. Your password is not in it: we keep only a one-way hash of it, which we never give out.',
    '- donations and recurring_donations: gifts you made signed in, and gifts made with your email before you signed in;',
    '  gateway_notifications: what the payment gateway told us about them; donation_receipts: your Section 18A receipts.',
    '- campaigns (with their settings, addresses, images, videos, social pages, documents), campaign_updates you wrote,',
    '  team_members (your invitations), organisations you created or belong to and organisation_users (your roles),',
    '  banking_details you submitted or of your campaigns, payouts you requested and their payout_items.',
    '- audit_log: what you did on the platform; refresh_tokens and email_tokens: your logins and mailed links',
    '  (dates only, never the tokens); rate_limits: counters of attempts made with your email or account.',
    'Amounts are in the currency beside them, with 2 decimals; dates are ISO 8601 in UTC.',
    '',
    `files/ holds the ${fileCount} file(s) you uploaded (pictures at the size we show them).`,
    ...(missing.length > 0
      ? ['', 'These files are listed in data.json but were not found in storage:', ...missing]
      : []),
    '',
    'To delete your account, use "Delete my account" on your profile. Questions: see the privacy page.',
    '',
  ].join('\n');
}

/**
 * The user's data as a zip: data.json, README.txt and files/ (docs/api/privacy.md). Only the
 * user themself: anyone else, an admin included, hears 403.
 */
export async function exportUserData(viewer: SessionUser, userId: string): Promise<UserDataExport> {
  assertOwnAccount(viewer, userId);
  const account = await findAccount(userId);
  const tables = await tablesOf(await userRowsOf(await getDb(), account));
  const exportedAt = new Date();
  const { entries, missing } = await fileEntries(tables.stored_files ?? []);
  const data = {
    exportedAt: exportedAt.toISOString(),
    userId: account.id,
    omitted: {
      'users.passwordHash': 'a one-way hash of your password; never given out',
      'refresh_tokens.tokenHash, email_tokens.tokenHash, team_members.inviteTokenHash':
        'hashes of sign-in and invitation tokens',
      'recurring_donations.gatewayToken': 'the payment gateway’s handle on your subscription',
    },
    tables,
  };
  const zip: Zippable = {
    'README.txt': strToU8(readme(exportedAt, Object.keys(entries).length, missing)),
    'data.json': strToU8(JSON.stringify(data, null, 2)),
    // Pictures and PDFs are compressed already.
    ...Object.fromEntries(Object.entries(entries).map(([path, bytes]) => [path, [bytes, { level: 0 }]])),
  };
  return {
    bytes: zipSync(zip, { level: 6 }),
    fileName: `letsema-data-${southAfricanDate(exportedAt)}.zip`,
  };
}
