import { eq } from 'drizzle-orm';
import {
  type Currency,
  DonationStatus,
  DonationType,
  PaymentGateway,
  RECURRING_DAY_OF_MONTH,
  type RecurringDay,
  RecurringStatus,
} from '~/lib/enums';
import { formatMoney, fromCents } from '~/lib/money';
import { gatewayOfMethod } from '~/lib/paymentMethods';
import { getDb } from '~/lib/server/db';
import {
  campaignSettings,
  donations,
  gatewayNotifications,
  recurringDonations,
} from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { cancelPayfastSubscription } from '~/lib/server/payments/payfastSubscriptions';
import { posterCampaignIdOf } from '~/lib/server/payments/snapscan';
import type { SettlementResult, VerifiedPayment } from '~/lib/server/payments/types';
import { log } from '~/lib/server/platform/log';
import { gatewayLabel, metrics } from '~/lib/server/platform/metrics';
import { markNotification, recordNotification } from './gatewayNotes';
import { afterDonationSettled } from './mail';
import { bookPosterPayment } from './posterPayments';
import { cyclesOf } from './recurrenceView';
import { firstBillingDate, todayInSouthAfrica } from './recurringDates';
import { campaignAmountOf } from './rules';

/**
 * Books a verified gateway notification (docs/api/donations.md "Settlement"). Every gateway
 * ends here, and so does an admin's "EFT received" (gateway EFT, gatewayPaymentId
 * `eft-{donationId}`), so the rules live in one place:
 * - one transaction, the donation (or recurring donation) locked by reference;
 * - the notification must come from the gateway the donation is paid with (an admin's
 *   "EFT received" is gateway EFT, for an EFT donation only);
 * - the notification is stored once per gateway and gateway id: a repeat changes nothing;
 * - the amount must be what was asked, a cent either way, or nothing but the record changes;
 * - only a Pending donation moves (a confirmed payment also moves a cancelled or failed one:
 *   money taken is never lost), and never out of Accepted;
 * - a recurring charge that arrives after the schedule ended (the donor cancelled before the
 *   first payment went through, in a tab left open) is counted, and its subscription is
 *   stopped at PayFast after the commit.
 */

/** What settlement did, with the donation it touched (the EFT endpoint answers with it). */
export interface SettlementOutcome {
  result: SettlementResult;
  /** The donation accepted, refused or cancelled now (for a recurring reference: this charge's row). */
  donationId: string | null;
  /** Why a notification was rejected. */
  error?: string;
}

/** A cent either way: gateways round, and a donor must not be refused over it. */
const AMOUNT_TOLERANCE_CENTS = 1;

const ADVANCING = new Set<number>([
  RecurringStatus.PendingSettlement,
  RecurringStatus.Active,
  RecurringStatus.Error,
]);

/** Ended by the donor's or our decision: PayFast must charge nothing more. */
const ENDED = new Set<number>([
  RecurringStatus.CanceledAtManage,
  RecurringStatus.CanceledAtTransaction,
  RecurringStatus.Expired,
]);

type DonationRow = typeof donations.$inferSelect;
type RecurringRow = typeof recurringDonations.$inferSelect;
export type Booked = SettlementOutcome & {
  accepted: string | null;
  /** The payment wrote a new donation row (a monthly charge, a poster payment), counted as created. */
  created?: boolean;
  /** A PayFast subscription still charging for a schedule that ended: stopped after the commit. */
  stopSubscription?: string | null;
};

/** Books a verified payment; mails after the commit. */
export async function applyVerifiedPayment(payment: VerifiedPayment): Promise<SettlementResult> {
  return (await settleVerifiedPayment(payment)).result;
}

/** {@link applyVerifiedPayment}, telling which donation it touched and why it rejected. */
export async function settleVerifiedPayment(payment: VerifiedPayment): Promise<SettlementOutcome> {
  const db = await getDb();
  // A SnapScan poster's code carries the campaign's poster reference, not a donation's: its
  // payment becomes a new donation (posterPayments.ts).
  const posterCampaignId =
    payment.gateway === PaymentGateway.SnapScan ? posterCampaignIdOf(payment.reference) : null;
  const gateway = gatewayLabel(payment.gateway);
  const booked = await (posterCampaignId === null
    ? db.transaction((tx) => book(tx, payment))
    : bookPosterPayment(payment, posterCampaignId)
  ).catch((error: unknown) => {
    metrics.paymentNotifications.inc({ gateway, outcome: 'error' });
    throw error;
  });
  metrics.paymentNotifications.inc({ gateway, outcome: booked.result });
  if (booked.created) metrics.donationsCreated.inc({ gateway });
  if (booked.accepted) metrics.donationsBooked.inc({ gateway });
  if (booked.stopSubscription) await stopSubscription(booked.stopSubscription, payment.reference);
  if (booked.accepted) {
    // The receipt and the owner's notice are extras: a mail failure never undoes a payment.
    try {
      await afterDonationSettled(booked.accepted);
    } catch (error) {
      log.warn(
        { area: 'donations', donationId: booked.accepted, err: error },
        'Mail after a settled donation failed',
      );
    }
  }
  const { accepted: _accepted, created: _created, stopSubscription: _stop, ...outcome } = booked;
  return outcome;
}

/**
 * Never throws: the charge is booked whatever PayFast answers. A failure is logged for an
 * admin to cancel by hand; the next charge's notification tries again.
 */
async function stopSubscription(token: string, reference: string): Promise<void> {
  try {
    await cancelPayfastSubscription(token);
  } catch (error) {
    // The subscription's token is a credential with PayFast: the reference names it.
    log.error(
      { area: 'donations', gateway: 'payfast', reference, err: error },
      'PayFast subscription of an ended monthly donation not stopped: cancel it by hand',
    );
  }
}

function gatewayError(payment: VerifiedPayment, paymentMethod: number): string | null {
  if (payment.gateway === gatewayOfMethod(paymentMethod as PaymentGateway)) return null;
  return `Notification from gateway ${payment.gateway} for a donation paid by ${paymentMethod}`;
}

async function book(tx: Tx, payment: VerifiedPayment): Promise<Booked> {
  const [donation] = await tx
    .select()
    .from(donations)
    .where(eq(donations.reference, payment.reference))
    .for('update');
  if (donation) return bookDonation(tx, payment, donation);
  const [recurring] = await tx
    .select()
    .from(recurringDonations)
    .where(eq(recurringDonations.reference, payment.reference))
    .for('update');
  if (recurring) return bookRecurring(tx, payment, recurring);
  const noted = await recordNotification(tx, payment, {}, `Unknown reference ${payment.reference}`);
  return {
    result: noted === null ? 'duplicate' : 'rejected',
    donationId: null,
    accepted: null,
    error: 'unknown reference',
  };
}

function amountError(payment: VerifiedPayment, expectedCents: number, currencyId: number): string | null {
  if (Math.abs(payment.amountCents - expectedCents) <= AMOUNT_TOLERANCE_CENTS) return null;
  return `Amount ${formatMoney(fromCents(payment.amountCents), currencyId)} does not match ${formatMoney(fromCents(expectedCents), currencyId)}`;
}

const STATUS_FOR: Readonly<Record<VerifiedPayment['outcome'], DonationStatus>> = {
  paid: DonationStatus.Accepted,
  failed: DonationStatus.Rejected,
  cancelled: DonationStatus.CanceledAtTransaction,
};

async function bookDonation(tx: Tx, payment: VerifiedPayment, donation: DonationRow): Promise<Booked> {
  const noted = await recordNotification(tx, payment, { donationId: donation.id });
  if (noted === null) return { result: 'duplicate', donationId: donation.id, accepted: null };
  const reject = async (error: string): Promise<Booked> => {
    await markNotification(tx, noted, error);
    return { result: 'rejected', donationId: donation.id, accepted: null, error };
  };
  const foreign = gatewayError(payment, donation.paymentMethod);
  if (foreign) return reject(foreign);
  // Only a payment is held to the amount: a failure or cancellation moves no money.
  if (payment.outcome === 'paid') {
    const wrong = amountError(payment, donation.amount + donation.tipAmount, donation.currencyId);
    if (wrong) return reject(wrong);
  }
  // Money the gateway took is always counted: a payment confirmed after the donor's browser
  // said 'cancelled' (a second tab, the back button) or after an earlier failed attempt still
  // accepts the donation. Anything else moves only a Pending one, and nothing leaves Accepted.
  const movable =
    donation.status === DonationStatus.Pending ||
    (payment.outcome === 'paid' && donation.status !== DonationStatus.Accepted);
  if (!movable) return reject(`Donation is no longer pending (status ${donation.status})`);
  const status = STATUS_FOR[payment.outcome];
  const now = new Date();
  await tx
    .update(donations)
    .set({
      status,
      gatewayPaymentId: payment.gatewayPaymentId,
      ...(status === DonationStatus.Accepted ? { settledAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(donations.id, donation.id));
  return {
    result: 'applied',
    donationId: donation.id,
    accepted: status === DonationStatus.Accepted ? donation.id : null,
  };
}

/**
 * The deduction after a charge. The first charge (at checkout) keeps the billing date the
 * subscription was set up with (PayFast's `billing_date`); each later one moves the schedule
 * to the chosen day of the month after the date it was due.
 */
export function deductionAfterCharge(
  recurring: Pick<RecurringRow, 'deductionDay' | 'deductionsMade' | 'nextDeductionDate'>,
  now: Date = new Date(),
): string {
  const today = todayInSouthAfrica(now);
  const day = recurring.deductionDay as RecurringDay;
  if (recurring.deductionsMade === 0) return recurring.nextDeductionDate ?? firstBillingDate(day, today);
  const due = recurring.nextDeductionDate ?? today;
  const [year = 0, month = 1] = due.split('-').map(Number);
  return new Date(Date.UTC(year, month, RECURRING_DAY_OF_MONTH[day] ?? 1)).toISOString().slice(0, 10);
}

/** What one charge books: the gift (monthly amount, plus the once-off amount on the first) and the tip. */
interface ChargeAmounts {
  giftCents: number;
  tipCents: number;
}

/** A paid charge's amounts, and whether it is the checkout's (the first, with the once-off amount). */
interface Charge extends ChargeAmounts {
  first: boolean;
}

/** The checkout's charge is always booked as `{reference}-1`, whenever its notification arrives. */
async function firstChargeBooked(tx: Tx, recurring: RecurringRow): Promise<boolean> {
  if (recurring.deductionsMade === 0) return false;
  const [row] = await tx
    .select({ id: donations.id })
    .from(donations)
    .where(eq(donations.reference, `${recurring.reference}-1`));
  return row !== undefined;
}

/**
 * The amounts of the charge the last notification booked, as a recurring amount: PayFast
 * may have charged it once more before the donor's change reached it, and that
 * notification can arrive after the change. Null before the first charge.
 */
async function previousCharge(tx: Tx, recurring: RecurringRow): Promise<ChargeAmounts | null> {
  if (recurring.deductionsMade === 0) return null;
  const [last] = await tx
    .select({ amount: donations.amount, tipAmount: donations.tipAmount })
    .from(donations)
    .where(eq(donations.reference, `${recurring.reference}-${recurring.deductionsMade}`));
  if (!last) return null;
  const onceOff = recurring.deductionsMade === 1 ? recurring.onceOffAmount : 0;
  return { giftCents: last.amount - onceOff, tipCents: last.tipAmount };
}

/**
 * Which charge this paid notification is, and the amounts it books: the checkout's (monthly
 * amount + once-off amount) until that one is booked, a later one (the monthly amount), or a
 * later one at the amounts before the donor's last change. A later charge's notification may
 * be booked before the checkout's (that one was delayed and retried): only the once-off amount
 * tells them apart, so each is booked as what its amount says, in whatever order they come.
 */
async function chargeOf(
  tx: Tx,
  payment: VerifiedPayment,
  recurring: RecurringRow,
  firstBooked: boolean,
): Promise<Charge | { error: string }> {
  const later: Charge = { giftCents: recurring.amount, tipCents: recurring.tipAmount, first: false };
  const candidates: Charge[] = [];
  if (!firstBooked)
    candidates.push({ ...later, giftCents: recurring.amount + recurring.onceOffAmount, first: true });
  if (firstBooked || recurring.onceOffAmount > 0) candidates.push(later);
  const matching = candidates.find(
    (c) => !amountError(payment, c.giftCents + c.tipCents, recurring.currencyId),
  );
  if (matching) return matching;
  const previous = firstBooked ? await previousCharge(tx, recurring) : null;
  if (previous && previous.giftCents > 0) {
    const total = previous.giftCents + previous.tipCents;
    if (!amountError(payment, total, recurring.currencyId)) return { ...previous, first: false };
  }
  const expected = candidates[0] ?? later;
  return { error: amountError(payment, expected.giftCents + expected.tipCents, recurring.currencyId) ?? '' };
}

/** A recurring donation's charge as a new Accepted donation row (the schedule's details, this charge's amounts). */
async function insertCharge(
  tx: Tx,
  payment: VerifiedPayment,
  recurring: RecurringRow,
  charge: { giftCents: number; tipCents: number; first: boolean; number: number },
  now: Date,
): Promise<{ id: string } | undefined> {
  const { giftCents, tipCents, first, number } = charge;
  const [setting] = await tx
    .select({ currencyId: campaignSettings.currencyId })
    .from(campaignSettings)
    .where(eq(campaignSettings.campaignId, recurring.campaignId));
  const [row] = await tx
    .insert(donations)
    .values({
      campaignId: recurring.campaignId,
      userId: recurring.userId,
      recurringDonationId: recurring.id,
      type: DonationType.Recurring,
      currencyId: recurring.currencyId,
      amount: giftCents,
      ...campaignAmountOf(
        giftCents,
        recurring.currencyId as Currency,
        setting?.currencyId ?? recurring.currencyId,
      ),
      tipAmount: tipCents,
      paymentMethod: recurring.paymentMethod,
      status: DonationStatus.Accepted,
      firstName: recurring.firstName,
      lastName: recurring.lastName,
      email: recurring.email,
      mobileNumber: recurring.mobileNumber,
      anonymous: recurring.anonymous,
      referralChannel: recurring.referralChannel,
      locale: recurring.locale,
      displayName: recurring.displayName,
      comment: first ? recurring.comment : null,
      cardConsent: recurring.cardConsent,
      reference: `${recurring.reference}-${number}`,
      gatewayPaymentId: payment.gatewayPaymentId,
      settledAt: now,
    })
    .returning({ id: donations.id });
  return row;
}

/** A failed or cancelled charge: an advancing schedule goes to Error, or ends as cancelled at the gateway. */
async function endScheduleUnpaid(
  tx: Tx,
  payment: VerifiedPayment,
  recurring: RecurringRow,
  now: Date,
): Promise<void> {
  if (!ADVANCING.has(recurring.status)) return;
  const status = payment.outcome === 'failed' ? RecurringStatus.Error : RecurringStatus.CanceledAtTransaction;
  await tx
    .update(recurringDonations)
    .set({
      status,
      ...(status === RecurringStatus.CanceledAtTransaction ? { cancelledAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(recurringDonations.id, recurring.id));
}

/**
 * A notification for a recurring donation: each paid one is a charge, a new Accepted
 * donation row, and moves the schedule on; a failed one puts it in Error; a cancelled
 * one (the donor at the gateway) ends it. A charge that arrives after the schedule ended
 * is still booked as a donation (the money was taken) but does not revive the schedule,
 * and its subscription is stopped (the caller cancels it at PayFast after the commit).
 */
async function bookRecurring(tx: Tx, payment: VerifiedPayment, recurring: RecurringRow): Promise<Booked> {
  const noted = await recordNotification(tx, payment, { recurringDonationId: recurring.id });
  if (noted === null) return { result: 'duplicate', donationId: null, accepted: null };
  const foreign = gatewayError(payment, recurring.paymentMethod);
  if (foreign) {
    await markNotification(tx, noted, foreign);
    return { result: 'rejected', donationId: null, accepted: null, error: foreign };
  }
  const now = new Date();
  const token = payment.subscriptionToken ?? recurring.gatewayToken;
  // Whatever else happens, the subscription is known: without it neither the donor's
  // cancel nor ours could stop PayFast charging.
  if (token !== recurring.gatewayToken)
    await tx
      .update(recurringDonations)
      .set({ gatewayToken: token, updatedAt: now })
      .where(eq(recurringDonations.id, recurring.id));
  const stop = payment.outcome === 'paid' && token && ENDED.has(recurring.status) ? token : null;

  if (payment.outcome !== 'paid') {
    await endScheduleUnpaid(tx, payment, recurring, now);
    return { result: 'applied', donationId: null, accepted: null };
  }

  const firstBooked = await firstChargeBooked(tx, recurring);
  const amounts = await chargeOf(tx, payment, recurring, firstBooked);
  if ('error' in amounts) {
    await markNotification(tx, noted, amounts.error);
    return {
      result: 'rejected',
      donationId: null,
      accepted: null,
      error: amounts.error,
      stopSubscription: stop,
    };
  }
  const { giftCents, tipCents, first } = amounts;

  const charge = recurring.deductionsMade + 1;
  // The checkout's charge is number 1; later ones follow the charges booked, after number 1
  // even while it has not arrived yet.
  const number = first ? 1 : recurring.deductionsMade + (firstBooked ? 1 : 2);
  const row = await insertCharge(tx, payment, recurring, { giftCents, tipCents, first, number }, now);
  if (!row) throw new Error(`charge ${number} of ${recurring.reference} not inserted`);
  await tx.update(gatewayNotifications).set({ donationId: row.id }).where(eq(gatewayNotifications.id, noted));

  if (ADVANCING.has(recurring.status)) {
    const cycles = cyclesOf(recurring.term);
    const finished = cycles !== null && charge >= cycles;
    await tx
      .update(recurringDonations)
      .set({
        status: finished ? RecurringStatus.Expired : RecurringStatus.Active,
        deductionsMade: charge,
        nextDeductionDate: finished ? null : deductionAfterCharge(recurring, now),
        updatedAt: now,
      })
      .where(eq(recurringDonations.id, recurring.id));
  } else {
    await tx
      .update(recurringDonations)
      .set({ deductionsMade: charge, updatedAt: now })
      .where(eq(recurringDonations.id, recurring.id));
  }
  return { result: 'applied', donationId: row.id, accepted: row.id, created: true, stopSubscription: stop };
}
