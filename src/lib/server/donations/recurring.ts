import { and, eq, isNull, notInArray, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type {
  CreatedRecurrence,
  Recurrence,
  RecurrenceDetail,
  RecurringChargesPage,
  TransactionInfo,
} from '~/lib/contracts/donations';
import { type Currency, PaymentGateway, type RecurringDay, RecurringStatus } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { fromCents, percentOfCents, toCents } from '~/lib/money';
import { gatewayOfMethod, MAX_TIP_PERCENTAGE } from '~/lib/paymentMethods';
import { type DebitOrderInput, debitOrderMessage } from '~/lib/schemas/debitOrder';
import { type RecurringDonationInput, recurringScheduleSchema } from '~/lib/schemas/donation';
import { requireUser, type SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { donations, recurringDonations } from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { badRequest, conflict, forbidden, HttpError, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import type { PageQuery } from '~/lib/server/http/paging';
import { parseInput } from '~/lib/server/http/parseInput';
import {
  cancelPayfastSubscription,
  updatePayfastSubscription,
} from '~/lib/server/payments/payfastSubscriptions';
import type { PaymentStart } from '~/lib/server/payments/types';
import { assertCaptcha } from '~/lib/server/platform/captcha';
import { log } from '~/lib/server/platform/log';
import { createDebitOrderDonation } from './debitOrders';
import { userDonationsPage } from './lists';
import { sendRecurringScheduleMail } from './mail';
import { PAYMENT_START_MESSAGES, startDonationPayment } from './payment';
import { cyclesOf, type RecurringRow, recurrencesOf, recurrenceView } from './recurrenceView';
import { firstBillingDate, nextOccurrence, todayInSouthAfrica } from './recurringDates';
import {
  adminFeeCents,
  assertAcceptsDonations,
  assertPaymentMethod,
  assertReferralChannel,
  checkTipOrFee,
  DONATION_RULE_TEXTS,
  type DonationCampaign,
  donorColumns,
  findDonationCampaign,
  findDonationCampaignById,
  newReference,
} from './rules';
import { readSchedulerToken, signSchedulerToken } from './tokens';
import { currencyInfo, paymentLinks } from './view';

/** `POST /donationsscheduler`, `GET` and `PATCH /donationsscheduler/{id}` (docs/api/donations.md). */

export const RECURRING_MESSAGES = {
  created: 'Donation created.',
  cancelled: 'Donation cancelled',
  updated: 'Donation updated',
  failed: 'Donation update failed',
  notFound: 'Donation not found.',
  forbidden: 'You do not have permission to change this donation.',
  forbiddenRead: 'You do not have permission to see this donation.',
  ended: 'This recurring donation has already ended.',
  cancelOnly: 'A recurring donation can only be cancelled here (status 4).',
  termReached: 'This donation has already made that many deductions.',
  notYetPaid: 'This monthly donation can be changed once its first payment has gone through.',
  notStarted: PAYMENT_START_MESSAGES.notStarted,
} as const;

type RecurringMessageKey = keyof typeof RECURRING_MESSAGES;

/** RECURRING_MESSAGES a donor reads, in the request's language (issue 27); the English is the constant's. */
const RECURRING_TEXTS: Record<Exclude<RecurringMessageKey, 'cancelOnly'>, () => string> = {
  created: () => m.donation_created(),
  cancelled: () => m.donation_recurring_cancelled_msg(),
  updated: () => m.donation_recurring_updated_msg(),
  failed: () => m.donation_recurring_failed_msg(),
  notFound: () => m.donation_recurring_not_found(),
  forbidden: () => m.donation_recurring_forbidden(),
  forbiddenRead: () => m.donation_recurring_forbidden_read(),
  ended: () => m.donation_recurring_ended(),
  termReached: () => m.donation_recurring_term_reached(),
  notYetPaid: () => m.donation_recurring_not_yet_paid(),
  notStarted: () => m.donation_payment_not_started(),
};

/** A RECURRING_MESSAGES text in the current language (cancelOnly, for API callers, stays English). */
export const recurringMessage = (key: RecurringMessageKey): string =>
  key === 'cancelOnly' ? RECURRING_MESSAGES.cancelOnly : RECURRING_TEXTS[key]();

/** Statuses after which nothing more is charged or changed. */
const ENDED: number[] = [
  RecurringStatus.Expired,
  RecurringStatus.CanceledAtTransaction,
  RecurringStatus.CanceledAtManage,
];

function transactionInfoOf(
  row: RecurringRow,
  start: PaymentStart | null,
  currency: TransactionInfo['currency'],
  adminFeeCovered: boolean,
): TransactionInfo {
  return {
    type: row.paymentMethod,
    bankingDetails: null,
    status: row.status,
    amount: fromCents(row.amount + row.tipAmount + row.onceOffAmount),
    ...paymentLinks(start),
    payPalOrder: null,
    currency,
    referenceNumber: row.reference,
    payfastResponse: null,
    adminFeeCovered,
  };
}

/**
 * A monthly donation (parsed with recurringDonationSchema: the once-off rules
 * plus term, deduction day, mobile and card consent); rand through PayFast
 * only (`paymentMethod` 8, or 6 Recurring, its alias), on recurring-giving campaigns. The first charge (monthly amount + tip + once-off amount) is paid
 * now at PayFast, then `cycles - 1` more on the chosen day (firstBillingDate).
 */
export async function createRecurringDonation(
  input: RecurringDonationInput,
  options: { user: SessionUser | null; remoteAddress: string | null; debitOrder?: DebitOrderInput | null },
): Promise<CreatedRecurrence> {
  assertReferralChannel(input);
  const campaign = await findDonationCampaign(input);
  assertAcceptsDonations(campaign);
  if (!campaign.isRecurringGivingCampaign) throw badRequest(DONATION_RULE_TEXTS.notRecurring());
  // 6 (Recurring) is the PayFast card subscription: checked, stored and charged as 8.
  assertPaymentMethod(campaign, input.currencyId, gatewayOfMethod(input.paymentMethod), true);
  const amountCents = toCents(input.amount);
  const tipCents = toCents(input.tipOrAdminFeeAmount);
  const onceOffCents = toCents(input.onceOffAmount ?? 0);
  const { adminFeeCovered } = checkTipOrFee(campaign, input.currencyId, amountCents, tipCents);
  if (!options.user) await assertCaptcha(input.recaptchaToken, options.remoteAddress);
  if (input.paymentMethod === PaymentGateway.Paysoft) {
    if (!options.debitOrder)
      throw badRequest(debitOrderMessage('required'), { debitOrder: [debitOrderMessage('required')] });
    return createDebitOrderDonation(
      input,
      options.debitOrder,
      campaign,
      { amountCents, tipCents, onceOffCents, adminFeeCovered },
      options.user?.id ?? null,
    );
  }

  const term = input.term as number;
  const deductionDay = input.deductionDate as RecurringDay;
  const billingDate = firstBillingDate(deductionDay, todayInSouthAfrica());
  const db = await getDb();
  const [row] = await db
    .insert(recurringDonations)
    .values({
      campaignId: campaign.id,
      userId: options.user?.id ?? null,
      currencyId: input.currencyId,
      amount: amountCents,
      tipAmount: tipCents,
      onceOffAmount: onceOffCents,
      term,
      deductionDay,
      paymentMethod: PaymentGateway.PayFast,
      status: RecurringStatus.PendingSettlement,
      ...donorColumns(input),
      cardConsent: true,
      reference: newReference('LTR-'),
      // The charge after today's; settlement moves it on with each paid charge.
      nextDeductionDate: billingDate,
    })
    .returning();
  if (!row) throw new Error('recurring donation not inserted');

  const token = signSchedulerToken(row.id, row.createdAt);
  const start = await startDonationPayment({
    method: PaymentGateway.PayFast,
    row,
    campaign,
    token,
    amountCents: amountCents + tipCents + onceOffCents,
    recurring: { recurringAmountCents: amountCents + tipCents, cycles: cyclesOf(term) ?? 0, billingDate },
    markNotStarted: () =>
      db
        .update(recurringDonations)
        .set({ status: RecurringStatus.Error })
        .where(eq(recurringDonations.id, row.id)),
  });
  const currency = await currencyInfo(row.currencyId);
  return {
    ...recurrenceView(row, campaign, currency),
    jwtTokenStringDonationId: token,
    transactionInfo: transactionInfoOf(row, start, currency, adminFeeCovered),
  };
}

async function findRecurring(id: string): Promise<RecurringRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(recurringDonations).where(eq(recurringDonations.id, id)).limit(1);
  return row ?? null;
}

/**
 * The schedule `id` names: its token (the donor's authority), or its uuid for
 * the donor's account or an admin (`forbiddenMessage` for anyone else). Reading
 * and changing it take the same authority.
 */
async function findHeld(
  id: string,
  ctx: Parameters<typeof requireUser>[0],
  forbiddenMessage: string,
): Promise<RecurringRow> {
  const uuid = uuidOrNull(id);
  if (uuid) {
    const user = requireUser(ctx);
    const row = await findRecurring(uuid);
    if (!row) throw notFound(RECURRING_TEXTS.notFound());
    if (user.role !== 'admin' && row.userId !== user.id) throw forbidden(forbiddenMessage);
    return row;
  }
  const recurringId = readSchedulerToken(id);
  const row = recurringId ? await findRecurring(recurringId) : null;
  if (!row) throw notFound(RECURRING_TEXTS.notFound());
  return row;
}

/**
 * `GET /donationsscheduler/{id}` *ours*: the schedule and its token, for
 * whoever may change it; /thanks polls it while a monthly donation's first
 * charge is awaited.
 */
export async function getRecurringDonation(
  id: string,
  ctx: Parameters<typeof requireUser>[0],
): Promise<RecurrenceDetail> {
  const row = await findHeld(id, ctx, RECURRING_TEXTS.forbiddenRead());
  const [recurrence] = await recurrencesOf([row]);
  if (!recurrence) throw notFound(RECURRING_TEXTS.notFound());
  return { ...recurrence, jwtTokenStringDonationId: signSchedulerToken(row.id, row.createdAt) };
}

/**
 * The schedule a scheduler token names, for /monthly-donation (the link in a guest's mails);
 * null for anything else (a forged or expired token, a schedule's bare id, a deleted schedule),
 * so the page cannot tell one from another.
 */
export async function findRecurrenceByToken(token: string): Promise<RecurrenceDetail | null> {
  const recurringId = readSchedulerToken(token);
  const row = recurringId ? await findRecurring(recurringId) : null;
  if (!row) return null;
  const [recurrence] = await recurrencesOf([row]);
  return recurrence ? { ...recurrence, jwtTokenStringDonationId: token } : null;
}

/**
 * `GET /donationsscheduler/{id}/charges` *ours*: the schedule's charges (each a donation), newest
 * first, for whoever may read it; My Donations lists them so the donor can ask for a Section 18A
 * receipt for each.
 */
export async function listRecurringCharges(
  id: string,
  ctx: Parameters<typeof requireUser>[0],
  page: PageQuery,
): Promise<RecurringChargesPage> {
  const row = await findHeld(id, ctx, RECURRING_TEXTS.forbiddenRead());
  return userDonationsPage(eq(donations.recurringDonationId, row.id), page);
}

/** Calls the gateway; any refusal is the contract's 502 'Donation update failed'. */
async function atGateway(action: () => Promise<void>, what: string): Promise<void> {
  try {
    await action();
  } catch (error) {
    log.error(
      { area: 'donations', gateway: 'payfast', action: what, err: error },
      'PayFast refused a subscription change',
    );
    throw new HttpError(502, RECURRING_TEXTS.failed(), null, 'gateway_refused');
  }
}

/** Only while not ended: a notification ending it meanwhile wins. */
/** What runs in the transaction that saves a change, with the saved row: the donor's mail. */
type OnSaved = (tx: Tx, saved: RecurringRow) => Promise<void>;

/** Saves `change` while the schedule has not ended, and runs `onSaved` in the same transaction. */
async function saveChange(
  row: RecurringRow,
  change: Partial<typeof recurringDonations.$inferInsert>,
  onSaved?: OnSaved,
  only: SQL | undefined = undefined,
): Promise<RecurringRow | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(recurringDonations)
      .set(change)
      .where(and(eq(recurringDonations.id, row.id), notInArray(recurringDonations.status, ENDED), only))
      .returning();
    if (!updated) return null;
    await onSaved?.(tx, updated);
    return updated;
  });
}

async function saveOrConflict(
  row: RecurringRow,
  change: Partial<typeof recurringDonations.$inferInsert>,
  onSaved?: OnSaved,
): Promise<RecurringRow> {
  const updated = await saveChange(row, change, onSaved);
  if (!updated) throw conflict(RECURRING_TEXTS.ended());
  return updated;
}

async function cancel(row: RecurringRow, onSaved?: OnSaved): Promise<RecurringRow> {
  const token = row.gatewayToken;
  const cancelled = { status: RecurringStatus.CanceledAtManage, cancelledAt: new Date() };
  // A debit order is ours to submit each month: cancelled here, nothing more goes to Paysoft.
  if (row.paymentMethod === PaymentGateway.Paysoft)
    return saveOrConflict(row, { ...cancelled, nextDeductionDate: null }, onSaved);
  if (token) {
    await atGateway(() => cancelPayfastSubscription(token), `cancel subscription ${row.reference}`);
    return saveOrConflict(row, cancelled, onSaved);
  }
  // No subscription yet: only while there still is none. The first payment's notification
  // may have just made one, and that one must be stopped at PayFast too.
  const updated = await saveChange(row, cancelled, onSaved, isNull(recurringDonations.gatewayToken));
  if (updated) return updated;
  const fresh = await findRecurring(row.id);
  if (!fresh?.gatewayToken || ENDED.includes(fresh.status)) throw conflict(RECURRING_TEXTS.ended());
  return cancel(fresh, onSaved);
}

/**
 * Cancels a monthly donation at PayFast and here, unless it has ended already (account deletion,
 * privacy/deleteAccount.ts). Throws the 502 of `atGateway` when PayFast refuses.
 */
export async function cancelRecurringDonation(id: string): Promise<void> {
  const row = await findRecurring(id);
  if (!row || ENDED.includes(row.status)) return;
  await cancel(row).catch((error: unknown) => {
    // Ended meanwhile (a notification, the donor's own cancel): what was asked for.
    if (error instanceof HttpError && error.status === 409) return;
    throw error;
  });
}

/** The tip keeps its share of the amount (capped at 30 %); a covered admin fee follows the new amount. */
function tipFor(row: RecurringRow, campaign: DonationCampaign | null, amountCents: number): number {
  if (row.tipAmount === 0) return 0;
  const fee = campaign ? adminFeeCents(campaign, row.amount) : null;
  if (campaign && fee !== null && fee === row.tipAmount) return adminFeeCents(campaign, amountCents) ?? 0;
  const scaled = Math.round((row.tipAmount * amountCents) / row.amount);
  return Math.min(scaled, percentOfCents(amountCents, MAX_TIP_PERCENTAGE));
}

/**
 * Only a schedule PayFast holds a subscription for: before the first payment the donor's
 * checkout form, signed with the old amount and cycles, is still what PayFast will charge.
 */
async function change(
  row: RecurringRow,
  body: Record<string, unknown>,
  onSaved: OnSaved,
): Promise<RecurringRow> {
  const token = row.gatewayToken;
  if (!token) throw conflict(RECURRING_TEXTS.notYetPaid());
  const input = parseInput(recurringScheduleSchema(row.currencyId as Currency), body);
  const term = input.term as number;
  const deductionDay = input.deductionDate as RecurringDay;
  const total = cyclesOf(term);
  const remaining = total === null ? 0 : total - row.deductionsMade;
  if (total !== null && remaining <= 0)
    throw badRequest(RECURRING_TEXTS.termReached(), { term: [RECURRING_TEXTS.termReached()] });
  const amountCents = toCents(input.amount as number);
  const tipCents = tipFor(row, await findDonationCampaignById(row.campaignId), amountCents);
  const today = todayInSouthAfrica();
  const runDate =
    deductionDay === row.deductionDay && row.nextDeductionDate && row.nextDeductionDate > today
      ? row.nextDeductionDate
      : nextOccurrence(deductionDay, today);
  // A debit order's next submission simply uses the new amount and day (debitOrders.ts).
  if (row.paymentMethod !== PaymentGateway.Paysoft)
    await atGateway(
      () =>
        updatePayfastSubscription(token, { amountCents: amountCents + tipCents, cycles: remaining, runDate }),
      `update subscription ${row.reference}`,
    );
  return saveOrConflict(
    row,
    {
      amount: amountCents,
      tipAmount: tipCents,
      term,
      deductionDay,
      nextDeductionDate: runDate,
    },
    onSaved,
  );
}

const statusOnly = v.object({ donationSchedulerStatus: v.unknown() });

/**
 * Cancels (`{ donationSchedulerStatus: 4 }`) or changes amount, term and day.
 * Returns the schedule and the message the contract gives for each.
 */
export async function updateRecurringDonation(
  id: string,
  body: Record<string, unknown>,
  ctx: Parameters<typeof requireUser>[0],
): Promise<{ recurrence: Recurrence; message: string }> {
  const row = await findHeld(id, ctx, RECURRING_TEXTS.forbidden());
  if (ENDED.includes(row.status)) throw conflict(RECURRING_TEXTS.ended());
  let saved: RecurringRow;
  let message: string;
  // The donor's mail is queued with the change it describes.
  const mail =
    (kind: 'cancelled' | 'changed'): OnSaved =>
    (tx, row) =>
      sendRecurringScheduleMail(tx, row, kind);
  if (v.is(statusOnly, body) && body.donationSchedulerStatus !== undefined) {
    const status = body.donationSchedulerStatus;
    // 3 is how the SPEC's form says "cancelled" too; either way the donor cancelled here.
    if (status !== RecurringStatus.CanceledAtManage && status !== RecurringStatus.CanceledAtTransaction)
      throw badRequest(RECURRING_MESSAGES.cancelOnly, {
        donationSchedulerStatus: [RECURRING_MESSAGES.cancelOnly],
      });
    saved = await cancel(row, mail('cancelled'));
    message = RECURRING_TEXTS.cancelled();
  } else {
    saved = await change(row, body, mail('changed'));
    message = RECURRING_TEXTS.updated();
  }
  const campaign = await findDonationCampaignById(saved.campaignId);
  if (!campaign) throw notFound(RECURRING_TEXTS.notFound());
  return { recurrence: recurrenceView(saved, campaign, await currencyInfo(saved.currencyId)), message };
}

/**
 * /monthly-donation's "Yes, cancel it" (a plain form post, so it works without JavaScript): the
 * schedule its mail's token names, and only by that token. Returns the contract's message.
 */
export async function cancelRecurringByToken(
  token: string,
  ctx: Parameters<typeof requireUser>[0],
): Promise<string> {
  if (!readSchedulerToken(token)) throw notFound(RECURRING_TEXTS.notFound());
  const { message } = await updateRecurringDonation(
    token,
    { donationSchedulerStatus: RecurringStatus.CanceledAtManage },
    ctx,
  );
  return message;
}
