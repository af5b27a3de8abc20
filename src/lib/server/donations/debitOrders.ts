import { and, count, eq, lte, sql } from 'drizzle-orm';
import { branchCodeOf, maskAccountNumber, passesCdv } from '~/lib/bankAccountCdv';
import { PAYSOFT_BANKS } from '~/lib/banks';
import { thanksHref } from '~/lib/campaignDisplay';
import type { CreatedRecurrence } from '~/lib/contracts/donations';
import { mandateText } from '~/lib/debitOrderMandate';
import { deductionDayLabel, durationLabel } from '~/lib/donationDisplay';
import {
  AccountType,
  type Currency,
  DonationStatus,
  DonationType,
  PaymentGateway,
  type RecurringDay,
  RecurringStatus,
} from '~/lib/enums';
import { localizeHref } from '~/lib/i18n/paths';
import { fromCents } from '~/lib/money';
import type { DebitOrderInput } from '~/lib/schemas/debitOrder';
import { debitOrderMessage } from '~/lib/schemas/debitOrder';
import type { RecurringDonationInput } from '~/lib/schemas/donation';
import { getDb } from '~/lib/server/db';
import {
  campaignSettings,
  type DebitOrderMandate,
  donations,
  recurringDonations,
} from '~/lib/server/db/schema';
import type { DbOrTx, Tx } from '~/lib/server/db/types';
import { badRequest, HttpError } from '~/lib/server/http/errors';
import { currentLocale, withLocale } from '~/lib/server/i18n/locale';
import { mailAlongside, sendMail } from '~/lib/server/mail/send';
import {
  PAYSOFT_CUTOFF_HOURS,
  PaysoftRefusedError,
  type PaysoftResult,
  paysoftBatchResults,
  paysoftServiceFor,
  submitPaysoftBatch,
  tokenizePaysoftCustomer,
} from '~/lib/server/payments/paysoft';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { gatewayLabel, metrics } from '~/lib/server/platform/metrics';
import { markNotification, recordNotification } from './gatewayNotes';
import { afterDonationSettled, scheduleMailInput } from './mail';
import { debitOrderSetUpEmail, debitOrderUnpaidEmail } from './mailTemplates';
import { mailDebitOutcome, mailMonthYear } from './mailWords';
import { paymentNotStartedMessage } from './payment';
import { cyclesOf, recurrenceView } from './recurrenceView';
import { addDays, nextOccurrence, sameDayNextMonth, todayInSouthAfrica } from './recurringDates';
import { campaignAmountOf, type DonationCampaign, donorColumns, newReference } from './rules';
import { signSchedulerToken } from './tokens';
import { currencyInfo } from './view';

/**
 * Monthly gifts by Paysoft debit order (payment method 7), docs/api/donations.md "Paysoft debit
 * orders": the mandate is registered with Paysoft (which runs CDV and keeps the account behind a
 * token), each month's debit is submitted before Paysoft's cut-off for the deduction day as a
 * Pending charge, and Paysoft's result (read back with our key) books that charge exactly once.
 */

/** Unpaid (or disputed, reversed) months in a row after which the debit order stops. */
export const DEBIT_ORDER_MAX_FAILURES = 3;

/** Submitted up to this many days before the deduction day (Paysoft's two-day service). */
const LEAD_DAYS = 2;

type RecurringRow = typeof recurringDonations.$inferSelect;

/** BankservAfrica's account type code, as the lookups' paysoftMapping gives it (Savings 2, else 1). */
const acbAccountType = (type: number): string => (type === AccountType.Savings ? '2' : '1');

/**
 * `POST /donationsscheduler` with payment method 7: the account is checked (CDV) and registered
 * with Paysoft before the monthly donation is kept; nothing is paid now. The first debit is on
 * the next deduction day Paysoft can still reach.
 */
export async function createDebitOrderDonation(
  input: RecurringDonationInput,
  debitOrder: DebitOrderInput,
  campaign: DonationCampaign,
  amounts: { amountCents: number; tipCents: number; onceOffCents: number; adminFeeCovered: boolean },
  userId: string | null,
): Promise<CreatedRecurrence> {
  const branchCode = branchCodeOf(debitOrder.bankId);
  const bank = PAYSOFT_BANKS.find((b) => b.id === debitOrder.bankId);
  if (!branchCode || !bank || !passesCdv(branchCode, debitOrder.accountNumber))
    throw badRequest(debitOrderMessage('cdv'), { 'debitOrder.accountNumber': [debitOrderMessage('cdv')] });
  const deductionDay = input.deductionDate as RecurringDay;
  const term = input.term as number;
  const firstDebit = nextOccurrence(deductionDay, todayInSouthAfrica());
  const reference = newReference('LTR-');
  const accountNumberMasked = maskAccountNumber(debitOrder.accountNumber);
  const text = mandateText({
    accountHolderName: debitOrder.accountHolderName,
    bankName: bank.name,
    accountNumberMasked,
    monthlyAmount: fromCents(amounts.amountCents + amounts.tipCents),
    onceOffAmount: fromCents(amounts.onceOffCents),
    deductionDay: deductionDayLabel(deductionDay),
    duration: durationLabel(term),
  });

  // Paysoft first: a refused account leaves nothing behind here.
  const [firstNames = debitOrder.accountHolderName, ...rest] = debitOrder.accountHolderName.split(/\s+/);
  let paysoftToken: string;
  try {
    paysoftToken = await tokenizePaysoftCustomer({
      customerCode: reference,
      firstNames,
      surname: rest.join(' ') || input.lastName,
      idNumber: debitOrder.idNumber,
      branchCode,
      accountNumber: debitOrder.accountNumber,
      accountType: acbAccountType(debitOrder.accountType),
    });
  } catch (error) {
    if (error instanceof PaysoftRefusedError && error.cdv)
      throw badRequest(debitOrderMessage('cdv'), { 'debitOrder.accountNumber': [debitOrderMessage('cdv')] });
    log.error({ area: 'debitOrders', reference, err: error }, 'Paysoft did not register the debit order');
    throw new HttpError(502, paymentNotStartedMessage(), null, 'payment_unavailable');
  }

  const mandate: DebitOrderMandate = {
    bankId: bank.id,
    bankName: bank.name,
    branchCode,
    accountType: debitOrder.accountType,
    accountHolderName: debitOrder.accountHolderName,
    accountNumberMasked,
    idNumberMasked: `${debitOrder.idNumber.slice(0, 6)}•••••••`,
    customerCode: reference,
    acceptedAt: new Date().toISOString(),
    mandateText: text,
    consecutiveFailures: 0,
  };
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(recurringDonations)
      .values({
        campaignId: campaign.id,
        userId,
        currencyId: input.currencyId,
        amount: amounts.amountCents,
        tipAmount: amounts.tipCents,
        onceOffAmount: amounts.onceOffCents,
        term,
        deductionDay,
        paymentMethod: PaymentGateway.Paysoft,
        status: RecurringStatus.Active,
        ...donorColumns(input),
        cardConsent: input.cardConsent,
        reference,
        gatewayToken: paysoftToken,
        gatewaySubscriptionId: reference,
        nextDeductionDate: firstDebit,
        debitOrder: mandate,
      })
      .returning();
    if (!inserted) throw new Error('debit order not inserted');
    await mailDonor(tx, inserted, 'set up');
    return inserted;
  });
  const currency = await currencyInfo(row.currencyId);
  const token = signSchedulerToken(row.id, row.createdAt);
  return {
    ...recurrenceView(row, campaign, currency),
    jwtTokenStringDonationId: token,
    transactionInfo: {
      type: PaymentGateway.Paysoft,
      bankingDetails: {
        bankName: bank.name,
        accountNumber: accountNumberMasked,
        branchNumber: branchCode,
        accountName: debitOrder.accountHolderName,
      },
      status: row.status,
      amount: fromCents(row.amount + row.tipAmount + row.onceOffAmount),
      // Nothing to pay now: the donor goes on to the thank-you page.
      paymentUrl: `${env.publicUrl}${localizeHref(thanksHref(token), currentLocale())}`,
      paymentForm: null,
      paymentQr: null,
      payPalOrder: null,
      currency,
      referenceNumber: row.reference,
      payfastResponse: null,
      adminFeeCovered: amounts.adminFeeCovered,
    },
  };
}

/** An unpaid month as its mail tells it: the month (or the charge's reference when it has none) and Paysoft's status. */
interface UnpaidMonth {
  month: Date | null;
  reference: string;
  status: PaysoftResult['status'];
  stopped: boolean;
}

/**
 * Queues the donor's mail about their debit order in `tx`, the transaction of the change it tells
 * of, in the language they gave in (the schedule's). Never throws: the change stands without it.
 */
async function mailDonor(tx: DbOrTx, row: RecurringRow, what: 'set up' | UnpaidMonth): Promise<void> {
  await mailAlongside(tx, `debit order mail of ${row.reference}`, async (db) => {
    const message = await withLocale(row.locale, async () => {
      const input = await scheduleMailInput(row, db);
      if (!input || !row.debitOrder) return null;
      const account = `${row.debitOrder.bankName} ${row.debitOrder.accountNumberMasked}`;
      return what === 'set up'
        ? debitOrderSetUpEmail({
            ...input,
            mandateText: row.debitOrder.mandateText,
            firstDebit: row.nextDeductionDate,
            account,
          })
        : debitOrderUnpaidEmail({
            ...input,
            month: what.month ? mailMonthYear(what.month) : what.reference,
            outcome: mailDebitOutcome(what.status),
            stopped: what.stopped,
            failures: row.debitOrder.consecutiveFailures,
          });
    });
    if (!message) return;
    await sendMail({ to: row.email, ...message }, { tx: db, capped: false });
  });
}

/** South Africa is UTC+2 all year. */
const hourInSouthAfrica = (now: Date): number => (now.getUTCHours() + 2) % 24;

interface Claimed {
  chargeId: string;
  chargeReference: string;
  amountCents: number;
  dueDate: string;
  previousNextDate: string;
  row: RecurringRow;
}

/** Books this month's charge as a Pending donation and moves the schedule on, or null (not due, ended, already claimed). */
async function claimCollection(tx: Tx, id: string, today: string, hour: number): Promise<Claimed | null> {
  const [row] = await tx.select().from(recurringDonations).where(eq(recurringDonations.id, id)).for('update');
  if (!row?.nextDeductionDate || row.status !== RecurringStatus.Active || !row.gatewayToken) return null;
  if (row.nextDeductionDate > addDays(today, LEAD_DAYS)) return null;
  const [submitted] = await tx
    .select({ n: count() })
    .from(donations)
    .where(eq(donations.recurringDonationId, row.id));
  const made = submitted?.n ?? 0;
  const cycles = cyclesOf(row.term);
  if (cycles !== null && made >= cycles) {
    await tx
      .update(recurringDonations)
      .set({ status: RecurringStatus.Expired, nextDeductionDate: null, updatedAt: new Date() })
      .where(eq(recurringDonations.id, row.id));
    return null;
  }
  // Past every cut-off for its day (the server was down): the next day Paysoft can reach.
  const earliest = hour < PAYSOFT_CUTOFF_HOURS.SameDay ? today : addDays(today, 1);
  const dueDate = [row.nextDeductionDate, earliest].sort().at(-1) ?? earliest;
  const first = made === 0;
  const giftCents = row.amount + (first ? row.onceOffAmount : 0);
  const [setting] = await tx
    .select({ currencyId: campaignSettings.currencyId })
    .from(campaignSettings)
    .where(eq(campaignSettings.campaignId, row.campaignId));
  const chargeReference = `${row.reference}-${dueDate.slice(0, 7).replace('-', '')}`;
  const [charge] = await tx
    .insert(donations)
    .values({
      campaignId: row.campaignId,
      userId: row.userId,
      recurringDonationId: row.id,
      type: DonationType.Recurring,
      currencyId: row.currencyId,
      amount: giftCents,
      ...campaignAmountOf(giftCents, row.currencyId as Currency, setting?.currencyId ?? row.currencyId),
      tipAmount: row.tipAmount,
      paymentMethod: PaymentGateway.Paysoft,
      status: DonationStatus.Pending,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      mobileNumber: row.mobileNumber,
      anonymous: row.anonymous,
      referralChannel: row.referralChannel,
      locale: row.locale,
      displayName: row.displayName,
      comment: first ? row.comment : null,
      cardConsent: row.cardConsent,
      reference: chargeReference,
    })
    .onConflictDoNothing({ target: donations.reference })
    .returning({ id: donations.id });
  const next = sameDayNextMonth(row.deductionDay as RecurringDay, dueDate);
  await tx
    .update(recurringDonations)
    .set({ nextDeductionDate: next, updatedAt: new Date() })
    .where(eq(recurringDonations.id, row.id));
  if (!charge) return null;
  return {
    chargeId: charge.id,
    chargeReference,
    amountCents: giftCents + row.tipAmount,
    dueDate,
    previousNextDate: row.nextDeductionDate,
    row,
  };
}

/**
 * Submits every debit order due within Paysoft's lead time (the background jobs run it every 15
 * minutes; the simulator's clock runs it for a chosen day). Each month's charge is claimed in a
 * transaction (a Pending donation with reference `{reference}-{YYYYMM}`, unique, so a month is
 * submitted once), then sent as a batch whose UniqueId is that reference; when Paysoft cannot
 * be reached the claim is undone and the next run tries again. Returns how many were submitted.
 */
export async function collectDueDebitOrders(now: Date = new Date()): Promise<number> {
  const today = todayInSouthAfrica(now);
  const hour = hourInSouthAfrica(now);
  const db = await getDb();
  const due = await db
    .select({ id: recurringDonations.id })
    .from(recurringDonations)
    .where(
      and(
        eq(recurringDonations.paymentMethod, PaymentGateway.Paysoft),
        eq(recurringDonations.status, RecurringStatus.Active),
        lte(recurringDonations.nextDeductionDate, addDays(today, LEAD_DAYS)),
        // A campaign whose donations staff paused collects nothing until they resume them.
        sql`not exists (select 1 from campaign_settings s where s.campaign_id = ${recurringDonations.campaignId}
          and s.donations_paused_at is not null)`,
      ),
    );
  let submitted = 0;
  for (const { id } of due) {
    const claimed = await db.transaction((tx) => claimCollection(tx, id, today, hour));
    if (!claimed) continue;
    metrics.donationsCreated.inc({ gateway: gatewayLabel(PaymentGateway.Paysoft) });
    const serviceType = paysoftServiceFor(claimed.dueDate, today, hour) ?? 'SameDay';
    try {
      await submitPaysoftBatch(
        {
          uniqueId: claimed.chargeReference,
          reference: claimed.chargeReference,
          serviceType,
          dueDate: claimed.dueDate,
          debits: [
            {
              customerCode: claimed.row.debitOrder?.customerCode ?? claimed.row.reference,
              token: claimed.row.gatewayToken ?? '',
              amountCents: claimed.amountCents,
              reference: claimed.chargeReference,
            },
          ],
        },
        env.publicUrl,
      );
      submitted++;
    } catch (error) {
      log.error(
        { area: 'debitOrders', reference: claimed.chargeReference, err: error },
        'Debit order collection not submitted; it will be tried again',
      );
      await db.transaction(async (tx) => {
        await tx
          .delete(donations)
          .where(and(eq(donations.id, claimed.chargeId), eq(donations.status, DonationStatus.Pending)));
        await tx
          .update(recurringDonations)
          .set({ nextDeductionDate: claimed.previousNextDate })
          .where(eq(recurringDonations.id, claimed.row.id));
      });
    }
  }
  return submitted;
}

type Booked =
  | { kind: 'paid'; donationId: string }
  | ({ kind: 'failed'; row: RecurringRow } & UnpaidMonth)
  | null;

/** One result, in one transaction: the notification once, the charge's status, the schedule's counts. */
async function bookResult(tx: Tx, result: PaysoftResult): Promise<Booked> {
  const payment = {
    gateway: PaymentGateway.Paysoft,
    gatewayPaymentId: `${result.transactionId}:${result.status}`,
    reference: result.reference,
    outcome: result.status === 'Paid' ? ('paid' as const) : ('failed' as const),
    amountCents: result.amountCents,
    payload: { ...result },
  };
  const [charge] = await tx
    .select()
    .from(donations)
    .where(eq(donations.reference, result.reference))
    .for('update');
  const noted = await recordNotification(tx, payment, charge ? { donationId: charge.id } : {});
  if (noted === null) return null;
  if (!charge?.recurringDonationId || charge.paymentMethod !== PaymentGateway.Paysoft) {
    await markNotification(tx, noted, `No debit order charge ${result.reference}`);
    return null;
  }
  const [row] = await tx
    .select()
    .from(recurringDonations)
    .where(eq(recurringDonations.id, charge.recurringDonationId))
    .for('update');
  if (!row?.debitOrder) {
    await markNotification(tx, noted, 'Not a debit order');
    return null;
  }
  const expected = charge.amount + charge.tipAmount;
  if (Math.abs(result.amountCents - expected) > 1) {
    await markNotification(tx, noted, `Amount ${result.amountCents} cents does not match ${expected}`);
    return null;
  }
  const now = new Date();
  const mandate = row.debitOrder;
  if (result.status === 'Paid') {
    if (charge.status !== DonationStatus.Pending) {
      await markNotification(tx, noted, `Charge is no longer pending (status ${charge.status})`);
      return null;
    }
    await tx
      .update(donations)
      .set({
        status: DonationStatus.Accepted,
        gatewayPaymentId: payment.gatewayPaymentId,
        settledAt: now,
        updatedAt: now,
      })
      .where(eq(donations.id, charge.id));
    await tx
      .update(recurringDonations)
      .set({
        deductionsMade: row.deductionsMade + 1,
        debitOrder: { ...mandate, consecutiveFailures: 0 },
        updatedAt: now,
      })
      .where(eq(recurringDonations.id, row.id));
    return { kind: 'paid', donationId: charge.id };
  }
  // Unpaid, disputed or reversed: no money for this month (a reversed payment is taken back).
  if (charge.status !== DonationStatus.Pending && charge.status !== DonationStatus.Accepted) {
    await markNotification(tx, noted, `Charge already ${charge.status}`);
    return null;
  }
  const wasPaid = charge.status === DonationStatus.Accepted;
  await tx
    .update(donations)
    .set({ status: DonationStatus.Rejected, gatewayPaymentId: payment.gatewayPaymentId, updatedAt: now })
    .where(eq(donations.id, charge.id));
  const failures = mandate.consecutiveFailures + 1;
  const stopped = failures >= DEBIT_ORDER_MAX_FAILURES && row.status === RecurringStatus.Active;
  const [updated] = await tx
    .update(recurringDonations)
    .set({
      deductionsMade: Math.max(0, row.deductionsMade - (wasPaid ? 1 : 0)),
      debitOrder: { ...mandate, consecutiveFailures: failures },
      ...(stopped
        ? { status: RecurringStatus.CanceledAtTransaction, cancelledAt: now, nextDeductionDate: null }
        : {}),
      updatedAt: now,
    })
    .where(eq(recurringDonations.id, row.id))
    .returning();
  const month = new Date(`${result.reference.slice(-6, -2)}-${result.reference.slice(-2)}-01T12:00:00Z`);
  return {
    kind: 'failed',
    row: updated ?? row,
    month: Number.isNaN(month.getTime()) ? null : month,
    reference: result.reference,
    status: result.status,
    stopped,
  };
}

/**
 * Paysoft's callback for batch `uniqueId`: its results are read back from Paysoft with our key
 * (the callback's own body is never trusted) and each is booked once (per transaction and
 * status): a paid month's receipt is queued after the commit (donations/mail.ts afterDonationSettled),
 * an unpaid month's notice (and the notice that the debit order stopped after
 * DEBIT_ORDER_MAX_FAILURES in a row) in the booking's transaction.
 */
export async function processPaysoftCallback(uniqueId: string): Promise<number> {
  if (!/^LTR-[A-Z0-9]{10}-\d{6}$/.test(uniqueId)) return 0;
  const results = await paysoftBatchResults(uniqueId);
  const db = await getDb();
  let booked = 0;
  for (const result of results) {
    if (!result.reference.startsWith(uniqueId.slice(0, 14))) continue;
    const gateway = gatewayLabel(PaymentGateway.Paysoft);
    const outcome = await db
      .transaction(async (tx) => {
        const booked = await bookResult(tx, result);
        // An unpaid month's notice is queued with it; a paid one's receipt as after any settlement.
        if (booked && booked.kind !== 'paid') await mailDonor(tx, booked.row, booked);
        return booked;
      })
      .catch((error: unknown) => {
        metrics.paymentNotifications.inc({ gateway, outcome: 'error' });
        throw error;
      });
    // Null: seen before, or refused with its reason kept on the notification ('ignored').
    metrics.paymentNotifications.inc({ gateway, outcome: outcome ? 'applied' : 'ignored' });
    if (!outcome) continue;
    if (outcome.kind === 'paid') metrics.donationsBooked.inc({ gateway });
    booked++;
    if (outcome.kind === 'paid') {
      try {
        await afterDonationSettled(outcome.donationId);
      } catch (error) {
        log.warn(
          { area: 'debitOrders', reference: result.reference, err: error },
          'Mail after a paid debit order failed',
        );
      }
    }
  }
  return booked;
}
