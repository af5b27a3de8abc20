import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  Currency,
  DonationStatus,
  PaymentGateway,
  RecurringDay,
  RecurringDuration,
  RecurringStatus,
} from '~/lib/enums';
import type { VerifiedPayment } from '~/lib/server/payments/types';
import { log } from '~/lib/server/platform/log';
import type { MadeDonation, Mandate, TestCampaign } from '../support/donationFixtures';
import { prepareServerTestEnv } from '../support/serverEnv';

// Settlement rules the API tests cannot reach through the simulator: the end of a
// term, a failed charge, a cancellation at the gateway, concurrency and the EFT path.
const testEnv = prepareServerTestEnv();
const { makeCampaign, makeDonation, makeMandate } = await import('../support/donationFixtures');
const { closeDb, getDb } = await import('~/lib/server/db');
const { donations, gatewayNotifications, recurringDonations } = await import('~/lib/server/db/schema');
const { applyVerifiedPayment, settleVerifiedPayment, deductionAfterCharge } = await import(
  '~/lib/server/donations/settlement'
);
const { updateDonationByToken } = await import('~/lib/server/donations/access');
const { updateRecurringDonation } = await import('~/lib/server/donations/recurring');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;
let campaign: TestCampaign;

beforeAll(async () => {
  db = await getDb();
  campaign = await makeCampaign({ frequency: 0 });
}, 60_000);

/** A visitor's request: the donor's token is the authority, no session. */
const byToken = { locals: { requestId: 'unit-test', user: null, authProblem: null } };

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

function payment(reference: string, overrides: Partial<VerifiedPayment> = {}): VerifiedPayment {
  return {
    gateway: PaymentGateway.PayFast,
    gatewayPaymentId: randomUUID(),
    reference,
    outcome: 'paid',
    amountCents: 11_000,
    payload: { test: true },
    ...overrides,
  };
}

/** R 100 + R 10 tip (PayPal: $ 100 + $ 10), started at the gateway and not paid yet. */
function pendingDonation(paymentMethod: PaymentGateway = PaymentGateway.PayFast): Promise<MadeDonation> {
  return makeDonation(campaign, {
    paymentMethod,
    currencyId: paymentMethod === PaymentGateway.PayPal ? Currency.Dollar : Currency.Rand,
    status: DonationStatus.Pending,
    amount: 100,
    tip: 10,
  });
}

async function donation(id: string) {
  const [row] = await db.select().from(donations).where(eq(donations.id, id));
  if (!row) throw new Error('missing donation');
  return row;
}

/** R 100 + R 5 tip a month, R 20 more on the first charge; not paid yet. */
function mandate(term: number, deductionDay = RecurringDay.FifteenthDayOfMonth): Promise<Mandate> {
  return makeMandate(campaign, { term, deductionDay, amount: 100, tip: 5, onceOff: 20 });
}

async function schedule(id: string) {
  const [row] = await db.select().from(recurringDonations).where(eq(recurringDonations.id, id));
  if (!row) throw new Error('missing mandate');
  return row;
}

const charges = (recurringDonationId: string) =>
  db.select().from(donations).where(eq(donations.recurringDonationId, recurringDonationId));

describe('a once-off donation', () => {
  it('is accepted once; a replay is a duplicate and a second payment id cannot move it', async () => {
    const d = await pendingDonation();
    const paid = payment(d.reference);
    expect(await applyVerifiedPayment(paid)).toBe('applied');
    const accepted = await donation(d.id);
    expect(accepted.status).toBe(DonationStatus.Accepted);
    expect(accepted.settledAt).not.toBeNull();
    expect(accepted.gatewayPaymentId).toBe(paid.gatewayPaymentId);
    expect(await applyVerifiedPayment(paid)).toBe('duplicate');
    expect(await applyVerifiedPayment(payment(d.reference, { outcome: 'failed' }))).toBe('rejected');
    expect((await donation(d.id)).status).toBe(DonationStatus.Accepted);
  });

  it('takes an amount a cent either way, and keeps a wrong one with its error', async () => {
    const near = await pendingDonation();
    expect(await applyVerifiedPayment(payment(near.reference, { amountCents: 10_999 }))).toBe('applied');
    const far = await pendingDonation();
    const wrong = payment(far.reference, { amountCents: 10_000 });
    const outcome = await settleVerifiedPayment(wrong);
    expect(outcome).toMatchObject({ result: 'rejected', donationId: far.id });
    expect((await donation(far.id)).status).toBe(DonationStatus.Pending);
    const [kept] = await db
      .select()
      .from(gatewayNotifications)
      .where(eq(gatewayNotifications.gatewayId, wrong.gatewayPaymentId));
    expect(kept?.error).toContain('does not match');
    expect(kept?.donationId).toBe(far.id);
  });

  it('a failed or cancelled payment moves a pending donation to Rejected / CanceledAtTransaction', async () => {
    const failed = await pendingDonation();
    expect(await applyVerifiedPayment(payment(failed.reference, { outcome: 'failed', amountCents: 0 }))).toBe(
      'applied',
    );
    expect((await donation(failed.id)).status).toBe(DonationStatus.Rejected);
    const cancelled = await pendingDonation();
    await applyVerifiedPayment(payment(cancelled.reference, { outcome: 'cancelled' }));
    expect((await donation(cancelled.id)).status).toBe(DonationStatus.CanceledAtTransaction);
  });

  it('a payment confirmed after the donor cancelled in the browser, or after a failed attempt, is still counted', async () => {
    const d = await pendingDonation();
    await updateDonationByToken(d.token, { status: DonationStatus.CanceledAtTransaction });
    expect((await donation(d.id)).status).toBe(DonationStatus.CanceledAtTransaction);
    expect(await applyVerifiedPayment(payment(d.reference))).toBe('applied');
    expect((await donation(d.id)).status).toBe(DonationStatus.Accepted);

    const retried = await pendingDonation();
    await applyVerifiedPayment(payment(retried.reference, { outcome: 'failed', amountCents: 0 }));
    expect(await applyVerifiedPayment(payment(retried.reference))).toBe('applied');
    expect((await donation(retried.id)).status).toBe(DonationStatus.Accepted);
    // A failure or cancellation after that changes nothing.
    expect(await applyVerifiedPayment(payment(retried.reference, { outcome: 'cancelled' }))).toBe('rejected');
    expect((await donation(retried.id)).status).toBe(DonationStatus.Accepted);
  });

  it('the same notification arriving twice at once is booked once', async () => {
    const d = await pendingDonation();
    const paid = payment(d.reference);
    const results = await Promise.all([applyVerifiedPayment(paid), applyVerifiedPayment(paid)]);
    expect(results.sort()).toEqual(['applied', 'duplicate']);
  });

  it('an admin marking an EFT received goes the same way', async () => {
    const d = await pendingDonation(PaymentGateway.EFT);
    const eft = payment(d.reference, { gateway: PaymentGateway.EFT, gatewayPaymentId: `eft-${d.id}` });
    expect(await settleVerifiedPayment(eft)).toEqual({ result: 'applied', donationId: d.id });
    expect(await applyVerifiedPayment(eft)).toBe('duplicate');
  });

  it("a notification from a gateway other than the donation's payment method is kept, not booked", async () => {
    const byOzow = await pendingDonation(PaymentGateway.InstantEFT);
    const fromPayfast = payment(byOzow.reference);
    expect(await settleVerifiedPayment(fromPayfast)).toMatchObject({
      result: 'rejected',
      donationId: byOzow.id,
    });
    expect((await donation(byOzow.id)).status).toBe(DonationStatus.Pending);
    const [kept] = await db
      .select()
      .from(gatewayNotifications)
      .where(eq(gatewayNotifications.gatewayId, fromPayfast.gatewayPaymentId));
    expect(kept).toMatchObject({ processed: false, donationId: byOzow.id });
    expect(kept?.error).toContain('gateway');
    // An "EFT received" cannot accept a card donation, nor PayPal an Ozow one.
    const card = await pendingDonation();
    expect(
      await applyVerifiedPayment(
        payment(card.reference, { gateway: PaymentGateway.EFT, gatewayPaymentId: `eft-${card.id}` }),
      ),
    ).toBe('rejected');
    expect(await applyVerifiedPayment(payment(byOzow.reference, { gateway: PaymentGateway.PayPal }))).toBe(
      'rejected',
    );
    // Each gateway books its own.
    expect(
      await applyVerifiedPayment(payment(byOzow.reference, { gateway: PaymentGateway.InstantEFT })),
    ).toBe('applied');
    const dollars = await pendingDonation(PaymentGateway.PayPal);
    expect(await applyVerifiedPayment(payment(dollars.reference, { gateway: PaymentGateway.PayPal }))).toBe(
      'applied',
    );
    expect((await donation(card.id)).status).toBe(DonationStatus.Pending);
  });

  it('an unknown reference is kept as rejected', async () => {
    expect(await applyVerifiedPayment(payment('LTS-NOSUCHREF'))).toBe('rejected');
  });
});

describe('a recurring donation', () => {
  it('runs its term: the first charge with the once-off amount, then monthly, then Expired', async () => {
    const m = await mandate(RecurringDuration.TwoMonths);
    // Neither the first charge (with the once-off amount) nor a monthly one: refused.
    expect(await applyVerifiedPayment(payment(m.reference, { amountCents: 11_500 }))).toBe('rejected');
    expect((await schedule(m.id)).status).toBe(RecurringStatus.PendingSettlement);

    const token = 'sub-token-1';
    expect(
      await applyVerifiedPayment(payment(m.reference, { amountCents: 12_500, subscriptionToken: token })),
    ).toBe('applied');
    const active = await schedule(m.id);
    expect(active).toMatchObject({
      status: RecurringStatus.Active,
      deductionsMade: 1,
      gatewayToken: token,
      nextDeductionDate: m.nextDeductionDate,
    });
    const [first] = await charges(m.id);
    expect(first).toMatchObject({ amount: 12_000, tipAmount: 500, status: DonationStatus.Accepted });
    expect(first?.reference).toBe(`${m.reference}-1`);

    expect(
      await applyVerifiedPayment(payment(m.reference, { amountCents: 10_500, subscriptionToken: token })),
    ).toBe('applied');
    const ended = await schedule(m.id);
    expect(ended).toMatchObject({
      status: RecurringStatus.Expired,
      deductionsMade: 2,
      nextDeductionDate: null,
    });
    expect(await charges(m.id)).toHaveLength(2);
  });

  it("books a monthly charge that arrives before the checkout's, then the checkout's, as two charges", async () => {
    const m = await mandate(RecurringDuration.TwoMonths);
    // The checkout's notification was delayed (PayFast retries it); the next month's came first.
    expect(await applyVerifiedPayment(payment(m.reference, { amountCents: 10_500 }))).toBe('applied');
    expect(await schedule(m.id)).toMatchObject({ status: RecurringStatus.Active, deductionsMade: 1 });
    expect(await applyVerifiedPayment(payment(m.reference, { amountCents: 12_500 }))).toBe('applied');
    expect(await schedule(m.id)).toMatchObject({ status: RecurringStatus.Expired, deductionsMade: 2 });
    const booked = (await charges(m.id)).map((c) => [c.reference, c.amount]).sort();
    expect(booked).toEqual([
      [`${m.reference}-1`, 12_000],
      [`${m.reference}-2`, 10_000],
    ]);
  });

  it('a failed charge puts it in Error; the next paid one makes it Active again', async () => {
    const m = await mandate(RecurringDuration.Indefinite);
    await applyVerifiedPayment(payment(m.reference, { amountCents: 12_500 }));
    expect(await applyVerifiedPayment(payment(m.reference, { outcome: 'failed', amountCents: 10_500 }))).toBe(
      'applied',
    );
    expect((await schedule(m.id)).status).toBe(RecurringStatus.Error);
    await applyVerifiedPayment(payment(m.reference, { amountCents: 10_500 }));
    expect(await schedule(m.id)).toMatchObject({ status: RecurringStatus.Active, deductionsMade: 2 });
  });

  it('cancelled at the gateway before it started: CanceledAtTransaction, no donation', async () => {
    const m = await mandate(RecurringDuration.SixMonths);
    await applyVerifiedPayment(payment(m.reference, { outcome: 'cancelled' }));
    const cancelled = await schedule(m.id);
    expect(cancelled.status).toBe(RecurringStatus.CanceledAtTransaction);
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(await charges(m.id)).toHaveLength(0);
  });
});

describe('a recurring donation that has ended', () => {
  /** PayFast's subscription API as the settlement calls it; answers `status`. */
  function payfastApi(status = 200) {
    return vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        async () => new Response('{}', { status, headers: { 'content-type': 'application/json' } }),
      );
  }
  const cancelCalls = (spy: ReturnType<typeof payfastApi>): string[] =>
    spy.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/subscriptions/'));

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('cancelled before the first payment, then paid in a tab left open: counted, token kept, subscription stopped', async () => {
    const m = await mandate(RecurringDuration.Indefinite);
    await updateRecurringDonation(
      m.token,
      { donationSchedulerStatus: RecurringStatus.CanceledAtManage },
      byToken,
    );
    const api = payfastApi();
    const outcome = await settleVerifiedPayment(
      payment(m.reference, { amountCents: 12_500, subscriptionToken: 'late-token' }),
    );
    expect(outcome.result).toBe('applied');
    const [charge] = await charges(m.id);
    expect(charge).toMatchObject({ amount: 12_000, tipAmount: 500, status: DonationStatus.Accepted });
    expect(await schedule(m.id)).toMatchObject({
      status: RecurringStatus.CanceledAtManage,
      gatewayToken: 'late-token',
      deductionsMade: 1,
    });
    expect(cancelCalls(api)).toEqual([expect.stringContaining('/subscriptions/late-token/cancel')]);
  });

  it('a charge after the term ended or a cancel at the gateway stops the subscription too; a refusal is only logged', async () => {
    for (const status of [RecurringStatus.Expired, RecurringStatus.CanceledAtTransaction]) {
      const m = await mandate(RecurringDuration.Indefinite);
      await db
        .update(recurringDonations)
        .set({ status, deductionsMade: 1, gatewayToken: `tok-${status}` })
        .where(eq(recurringDonations.id, m.id));
      const api = payfastApi(400);
      const warn = vi.spyOn(log, 'error');
      expect(await applyVerifiedPayment(payment(m.reference, { amountCents: 10_500 }))).toBe('applied');
      expect(cancelCalls(api)).toEqual([expect.stringContaining(`/subscriptions/tok-${status}/cancel`)]);
      expect(warn).toHaveBeenCalled();
      expect(await charges(m.id)).toHaveLength(1);
      vi.restoreAllMocks();
    }
  });

  it('a running schedule is never cancelled by its charges', async () => {
    const api = payfastApi();
    const m = await mandate(RecurringDuration.TwoMonths);
    await applyVerifiedPayment(payment(m.reference, { amountCents: 12_500, subscriptionToken: 'run-token' }));
    await applyVerifiedPayment(payment(m.reference, { amountCents: 10_500, subscriptionToken: 'run-token' }));
    expect((await schedule(m.id)).status).toBe(RecurringStatus.Expired);
    expect(cancelCalls(api)).toEqual([]);
  });
});

describe('a recurring charge and its amount', () => {
  it('keeps the subscription token from a notification whose amount is refused', async () => {
    const m = await mandate(RecurringDuration.Indefinite);
    const wrong = await settleVerifiedPayment(
      payment(m.reference, { amountCents: 99_900, subscriptionToken: 'kept-token' }),
    );
    expect(wrong.result).toBe('rejected');
    expect(await schedule(m.id)).toMatchObject({
      status: RecurringStatus.PendingSettlement,
      gatewayToken: 'kept-token',
      deductionsMade: 0,
    });
  });

  it('takes a charge made at the amount before the donor changed it, and books it at that amount', async () => {
    const m = await mandate(RecurringDuration.Indefinite);
    await applyVerifiedPayment(payment(m.reference, { amountCents: 12_500, subscriptionToken: 'chg-token' }));
    // The donor changes R 100 + R 5 to R 200 + R 10; PayFast had already charged R 105.
    const payfast = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    try {
      await updateRecurringDonation(
        m.token,
        { amount: 200, term: RecurringDuration.Indefinite, deductionDate: RecurringDay.FifteenthDayOfMonth },
        byToken,
      );
    } finally {
      payfast.mockRestore();
    }
    expect(await schedule(m.id)).toMatchObject({ amount: 20_000, tipAmount: 1_000 });
    expect(await applyVerifiedPayment(payment(m.reference, { amountCents: 10_500 }))).toBe('applied');
    expect(await applyVerifiedPayment(payment(m.reference, { amountCents: 21_000 }))).toBe('applied');
    // Neither a made-up amount.
    expect(await applyVerifiedPayment(payment(m.reference, { amountCents: 15_000 }))).toBe('rejected');
    const booked = (await charges(m.id)).map((c) => [c.reference, c.amount, c.tipAmount]).sort();
    expect(booked).toEqual([
      [`${m.reference}-1`, 12_000, 500],
      [`${m.reference}-2`, 10_000, 500],
      [`${m.reference}-3`, 20_000, 1_000],
    ]);
    expect((await schedule(m.id)).deductionsMade).toBe(3);
  });
});

describe('deductionAfterCharge', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('keeps the billing date after the first charge, then moves a month at a time', () => {
    const day = RecurringDay.FifteenthDayOfMonth;
    expect(
      deductionAfterCharge({ deductionDay: day, deductionsMade: 0, nextDeductionDate: '2026-12-15' }, now),
    ).toBe('2026-12-15');
    expect(deductionAfterCharge({ deductionDay: day, deductionsMade: 0, nextDeductionDate: null }, now)).toBe(
      '2027-01-15',
    );
    expect(
      deductionAfterCharge({ deductionDay: day, deductionsMade: 1, nextDeductionDate: '2026-12-15' }, now),
    ).toBe('2027-01-15');
    expect(
      deductionAfterCharge(
        { deductionDay: RecurringDay.FirstDayOfMonth, deductionsMade: 3, nextDeductionDate: '2026-12-01' },
        now,
      ),
    ).toBe('2027-01-01');
  });
});
