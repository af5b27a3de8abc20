import { and, count, eq, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { campaignHref, monthlyDonationHref, thanksHref } from '~/lib/campaignDisplay';
import { deductionDayLabel, publicDonorName } from '~/lib/donationDisplay';
import {
  DonationStatus,
  PaymentGateway,
  RECURRING_DURATION_MONTHS,
  type RecurringDuration,
} from '~/lib/enums';
import { baseLocale, type Locale } from '~/lib/i18n/languages';
import { localizeHref } from '~/lib/i18n/paths';
import { isUuid } from '~/lib/ids';
import { raisedCentsSql } from '~/lib/server/campaigns/cards';
import { getDb } from '~/lib/server/db';
import { withCampaignSettingsAndOwner } from '~/lib/server/db/joins';
import {
  campaignSettings,
  campaigns,
  currencies,
  donations,
  recurringDonations,
  users,
} from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { currentLocale, withLocale } from '~/lib/server/i18n/locale';
import { mailAlongside, sendMail } from '~/lib/server/mail/send';
import { sendDueMilestones } from '~/lib/server/milestones/milestones';
import { eftBankingDetails } from '~/lib/server/payments/eft';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { loadReceiptStates } from '~/lib/server/receipts/eligibility';
import { PROFILE_TAB, profileTabHref } from '~/lib/siteLinks';
import {
  type DonationReceiptInput,
  donationReceiptEmail,
  eftInstructionsEmail,
  type OwnerCampaign,
  type OwnerDonationLine,
  ownerDonationEmail,
  type RecurringScheduleMailInput,
  recurringCancelledEmail,
  recurringChangedEmail,
} from './mailTemplates';
import { mailDuration, mailPaymentMethod } from './mailWords';
import { signDonationToken, signSchedulerToken } from './tokens';

/**
 * Donation mail (docs/api/donations.md "Mail"): the donor's receipt, EFT payment
 * instructions and the owner's per-donation notice. Each mail that must go out
 * once is claimed with a conditional UPDATE … RETURNING on its timestamp, in the
 * transaction that queues it (mail/send.ts), so a replayed gateway notification or
 * a second server process finds nothing left to claim, and a claim never stands
 * without its mail. Daily and weekly summaries are in donations/digests.ts.
 *
 * A donor's mail speaks the language they gave in (`donations.locale`, issue 27),
 * whoever sends it (a gateway's notification, a job): it is composed inside
 * `withLocale`, and its links go to the pages in that language.
 */

/** Owner notices: 1 each donation at once, 2 a daily summary, 3 a weekly one; 0 or null none. */
export const NotificationFrequency = { Never: 0, EachDonation: 1, Daily: 2, Weekly: 3 } as const;

/** Campaign total in cents: accepted donations (in the campaign's currency) plus money raised offline. */
export const totalRaisedCentsSql: SQL<number> =
  sql<number>`(${raisedCentsSql} + "campaigns"."offline_donations")`.mapWith(Number);

/** The campaign page's address, in `locale` (the owner's mails: English). */
export const campaignLink = (url: string, locale: Locale = baseLocale): string =>
  `${env.publicUrl}${localizeHref(campaignHref(url), locale)}`;

/**
 * What a mail to a campaign's owner (each donation's notice, a summary) needs of
 * the campaign and its owner: select it from campaigns joined to their settings
 * and their owner (users).
 */
export const ownerMailColumns = {
  campaignName: campaigns.name,
  campaignUrl: campaigns.url,
  campaignCurrencyId: campaignSettings.currencyId,
  totalRaisedCents: totalRaisedCentsSql,
  ownerEmail: users.email,
  ownerFirstName: users.firstName,
};

/** The campaign as the owner's mails show it. */
export function ownerCampaignOf(row: {
  campaignName: string;
  campaignUrl: string;
  campaignCurrencyId: number;
  totalRaisedCents: number;
  ownerFirstName: string;
}): OwnerCampaign {
  return {
    ownerFirstName: row.ownerFirstName,
    campaignName: row.campaignName,
    campaignLink: campaignLink(row.campaignUrl),
    currencyId: row.campaignCurrencyId,
    totalRaisedCents: row.totalRaisedCents,
  };
}

/**
 * The donor's page for a donation: /thanks with its token (the return URL of
 * every gateway). Valid from the mail's sending, so a receipt for a payment
 * confirmed weeks after the donation (an EFT) still opens for the usual time.
 */
const donationLink = (donationId: string, locale: Locale = currentLocale()): string =>
  `${env.publicUrl}${localizeHref(thanksHref(signDonationToken(donationId, new Date())), locale)}`;

/**
 * Where the donor sees, changes and cancels a monthly donation: My Donations for an account,
 * else /monthly-donation with the schedule's token (signed from now, so the link opens for the
 * usual time): a guest manages it from their mail (SPEC §1).
 */
const manageLinkOf = (
  schedule: { id: string; userId: string | null },
  locale: Locale = currentLocale(),
): string =>
  `${env.publicUrl}${localizeHref(
    schedule.userId
      ? profileTabHref(PROFILE_TAB.donations)
      : monthlyDonationHref(signSchedulerToken(schedule.id, new Date())),
    locale,
  )}`;

/** Everything a donation mail says, in one query. */
async function loadDonation(db: DbOrTx, donationId: string) {
  const [row] = await withCampaignSettingsAndOwner(
    db
      .select({
        donation: donations,
        ticker: currencies.ticker,
        thankYouMessage: campaigns.thankYouMessage,
        notificationFrequency: campaigns.notificationFrequency,
        ...ownerMailColumns,
      })
      .from(donations)
      .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
      .$dynamic(),
  )
    .innerJoin(currencies, eq(currencies.id, donations.currencyId))
    .where(eq(donations.id, donationId));
  return row;
}

/** Which charge of its recurring donation this is (1 = the first) and how many there will be. */
async function recurringChargeOf(
  db: DbOrTx,
  donation: typeof donations.$inferSelect,
): Promise<DonationReceiptInput['recurring']> {
  if (!donation.recurringDonationId) return null;
  const [schedule] = await db
    .select({ id: recurringDonations.id, userId: recurringDonations.userId, term: recurringDonations.term })
    .from(recurringDonations)
    .where(eq(recurringDonations.id, donation.recurringDonationId));
  const [charges] = await db
    .select({ n: count() })
    .from(donations)
    .where(
      and(
        eq(donations.recurringDonationId, donation.recurringDonationId),
        eq(donations.status, DonationStatus.Accepted),
        lte(donations.createdAt, donation.createdAt),
      ),
    );
  const of = schedule ? (RECURRING_DURATION_MONTHS[schedule.term as RecurringDuration] ?? null) : null;
  return {
    charge: Math.max(1, charges?.n ?? 1),
    of,
    manageLink: schedule ? manageLinkOf(schedule, donation.locale as Locale) : null,
  };
}

/**
 * Mails the donor's receipt for an accepted donation that has an address, once: true when this call
 * queued it. Composed first, then claimed and queued in one transaction.
 */
export async function sendDonationReceipt(donationId: string): Promise<boolean> {
  if (!isUuid(donationId)) return false;
  const db = await getDb();
  const row = await loadDonation(db, donationId);
  const d = row?.donation;
  // A SnapScan poster payment has no address to mail (SnapScan passes none).
  if (!row || !d || d.receiptSentAt || d.status !== DonationStatus.Accepted || d.email === '') return false;
  const recurring = await recurringChargeOf(db, d);
  const taxReceipt = (await loadReceiptStates([d.id])).get(d.id)?.qualifies === true;
  // In the donor's language, whoever sends it (a gateway's notification has none).
  const message = withLocale(d.locale, () =>
    donationReceiptEmail({
      firstName: d.firstName,
      campaignName: row.campaignName,
      campaignLink: campaignLink(row.campaignUrl, currentLocale()),
      donationLink: donationLink(d.id),
      currencyId: d.currencyId,
      currencyTicker: row.ticker,
      amountCents: d.amount,
      tipCents: d.tipAmount,
      adminFeeCovered: d.adminFeeCovered,
      paymentMethod: mailPaymentMethod(d.paymentMethod),
      reference: d.reference,
      paidAt: d.settledAt ?? new Date(),
      thankYouMessage: row.thankYouMessage,
      recurring,
      taxReceipt,
    }),
  );
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(donations)
      .set({ receiptSentAt: sql`now()` })
      .where(
        and(
          eq(donations.id, donationId),
          isNull(donations.receiptSentAt),
          eq(donations.status, DonationStatus.Accepted),
          ne(donations.email, ''),
        ),
      )
      .returning({ id: donations.id });
    if (claimed.length === 0) return false;
    // A receipt follows a real payment: never capped (mail/send.ts).
    await sendMail({ to: d.email, ...message }, { tx, capped: false });
    return true;
  });
}

/**
 * Queues an EFT donor's mail with our bank details, the reference and the amount to pay, for a
 * pending EFT donation, in `tx`, the transaction that creates it (createDonation). Never throws:
 * the donation stands, and the /thanks page shows the same details.
 */
export async function sendEftInstructions(tx: DbOrTx, donationId: string): Promise<void> {
  if (!isUuid(donationId)) return;
  await mailAlongside(tx, `EFT instructions of donation ${donationId}`, async (db) => {
    const row = await loadDonation(db, donationId);
    const d = row?.donation;
    if (!row || !d || d.status !== DonationStatus.Pending || d.paymentMethod !== PaymentGateway.EFT) return;
    const message = withLocale(d.locale, () =>
      eftInstructionsEmail({
        firstName: d.firstName,
        campaignName: row.campaignName,
        donationLink: donationLink(d.id),
        currencyId: d.currencyId,
        amountCents: d.amount,
        tipCents: d.tipAmount,
        adminFeeCovered: d.adminFeeCovered,
        reference: d.reference,
        bank: eftBankingDetails(),
      }),
    );
    await sendMail({ to: d.email, ...message }, { tx: db });
  });
}

/** How the owner hears of one donation. */
export function ownerLineOf(d: typeof donations.$inferSelect): OwnerDonationLine {
  return {
    name: publicDonorName(d),
    campaignAmountCents: d.campaignAmount,
    currencyId: d.currencyId,
    amountCents: d.amount,
    comment: d.comment,
  };
}

/**
 * Tells the campaign owner about one accepted donation at once, when the
 * campaign asks for a mail per donation (frequency 1): true when this call sent
 * it. The frequency is part of the claim, so a donation of a daily or weekly
 * campaign is left for its summary.
 */
export async function notifyOwnerOfDonation(donationId: string): Promise<boolean> {
  if (!isUuid(donationId)) return false;
  const db = await getDb();
  const row = await loadDonation(db, donationId);
  if (
    !row ||
    row.notificationFrequency !== NotificationFrequency.EachDonation ||
    row.donation.ownerNotifiedAt
  )
    return false;
  const message = ownerDonationEmail(ownerCampaignOf(row), ownerLineOf(row.donation));
  return db.transaction(async (tx) => {
    const eachDonation = tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.notificationFrequency, NotificationFrequency.EachDonation));
    const claimed = await tx
      .update(donations)
      .set({ ownerNotifiedAt: sql`now()` })
      .where(
        and(
          eq(donations.id, donationId),
          isNull(donations.ownerNotifiedAt),
          eq(donations.status, DonationStatus.Accepted),
          inArray(donations.campaignId, eachDonation),
        ),
      )
      .returning({ id: donations.id });
    if (claimed.length === 0) return false;
    await sendMail({ to: row.ownerEmail, ...message }, { tx, capped: false });
    return true;
  });
}

/**
 * After a donation became Accepted (donations/settlement.ts calls it once the
 * transaction is committed): the donor's receipt and, for campaigns that want
 * it, the owner's notice. Never throws: the payment is booked whatever the mail does.
 *
 * Queued right after the settlement's transaction rather than in it: booking holds the
 * donation's and the campaign's rows, and composing these mails (the receipt asks whether
 * a tax receipt applies, the milestones read the campaign's totals) would hold them for
 * every gift to a busy campaign. Each mail is claimed and queued in one transaction.
 */
export async function afterDonationSettled(donationId: string): Promise<void> {
  const steps: [string, (id: string) => Promise<boolean>][] = [
    ['receipt', sendDonationReceipt],
    ['owner notice', notifyOwnerOfDonation],
    // The first donation, a quarter of the target…: each mailed once (milestones/milestones.ts).
    ['milestone mail', sendDueMilestones],
  ];
  for (const [what, step] of steps) {
    try {
      await step(donationId);
    } catch (error) {
      log.warn({ area: 'donations', donationId, mail: what, err: error }, 'Mail after a donation not sent');
    }
  }
}

type RecurringRow = typeof recurringDonations.$inferSelect;

/**
 * A monthly donation's mail fields in the current language (call it inside the mail's
 * `withLocale`); null when its campaign is gone.
 */
export async function scheduleMailInput(
  row: RecurringRow,
  db?: DbOrTx,
): Promise<RecurringScheduleMailInput | null> {
  const locale = currentLocale();
  db ??= await getDb();
  const [campaign] = await db
    .select({ name: campaigns.name, url: campaigns.url })
    .from(campaigns)
    .where(eq(campaigns.id, row.campaignId));
  if (!campaign) return null;
  return {
    firstName: row.firstName,
    campaignName: campaign.name,
    campaignLink: campaignLink(campaign.url, locale),
    manageLink: manageLinkOf(row, locale),
    currencyId: row.currencyId,
    amountCents: row.amount,
    tipCents: row.tipAmount,
    deductionDay: deductionDayLabel(row.deductionDay),
    duration: mailDuration(row.term),
    reference: row.reference,
  };
}

/**
 * Queues the donor's mail on what a change or cancel of their monthly donation means, in `tx`, the
 * transaction that saves the change (updateRecurringDonation): the new amount, day and next
 * deduction, or that nothing more is deducted and since when. Never throws: the change stands
 * whatever the mail does.
 */
export async function sendRecurringScheduleMail(
  tx: DbOrTx,
  row: RecurringRow,
  what: 'changed' | 'cancelled',
): Promise<void> {
  await mailAlongside(tx, `the ${what} mail of monthly donation ${row.reference}`, async (db) => {
    // In the donor's language (the schedule's), also when an owner or a job made the change.
    const message = await withLocale(row.locale, async () => {
      const input = await scheduleMailInput(row, db);
      if (!input) return null;
      return what === 'changed'
        ? recurringChangedEmail({
            ...input,
            nextDeductionDate: row.nextDeductionDate,
            viaDebitOrder: row.paymentMethod === PaymentGateway.Paysoft,
          })
        : recurringCancelledEmail({
            ...input,
            cancelledAt: row.cancelledAt ?? new Date(),
            deductionsMade: row.deductionsMade,
            viaDebitOrder: row.paymentMethod === PaymentGateway.Paysoft,
          });
    });
    if (!message) return;
    // The donor's written confirmation of a change to a stored card's deductions: never capped.
    await sendMail({ to: row.email, ...message }, { tx: db, capped: false });
  });
}
