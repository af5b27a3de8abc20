import { HTTPError } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recurrence, UserDonation } from '~/lib/api/myDonations';
import { DonationStatus, RecurringStatus } from '~/lib/enums';

const calls = vi.hoisted(() => ({
  getUserOnceOffDonations: vi.fn(),
  getUserRecurringDonations: vi.fn(),
  getRecurringCharges: vi.fn(),
  updateRecurringDonation: vi.fn(),
  notify: vi.fn(),
}));

vi.mock('~/lib/api/myDonations', () => ({
  getUserOnceOffDonations: calls.getUserOnceOffDonations,
  getUserRecurringDonations: calls.getUserRecurringDonations,
  getRecurringCharges: calls.getRecurringCharges,
  updateRecurringDonation: calls.updateRecurringDonation,
}));
vi.mock('~/stores/toast', () => ({ notify: calls.notify }));
// The store's own toasts go through the toast store; a failed request's, through the page's toaster.
vi.mock('~/lib/browser/notifications', () => ({ raiseNotification: calls.notify }));

const store = await import('~/stores/myDonations');

const currency = { id: 1, name: 'Rand', ticker: 'ZAR', symbol: 'R', locale: 'en-ZA' };

function recurrence(id: string, overrides: Partial<Recurrence> = {}): Recurrence {
  return {
    donationSchedulerId: id,
    campaign: { id: 'c1', name: 'Saturday school', url: 'siyakhula-saturday-school' },
    currency,
    amount: 250,
    tipOrAdminFeeAmount: 30,
    onceOffAmount: 0,
    term: 3,
    deductionDate: 1,
    status: RecurringStatus.Active,
    nextDeductionDate: '2026-06-15',
    deductionsMade: 1,
    cycles: 6,
    paymentMethod: 8,
    createdAt: '2026-05-01T08:00:00.000Z',
    cancelledAt: null,
    debitOrder: null,
    ...overrides,
  };
}

function donation(token: string): UserDonation {
  return {
    jwtTokenStringDonationId: token,
    amount: 100,
    campaign: { id: 'c1', name: 'Saturday school', url: 'siyakhula-saturday-school' },
  } as UserDonation;
}

const meta = (pageNo: number, totalCount: number) => ({
  totalCount,
  pageCount: Math.ceil(totalCount / 5),
  pageNo,
  pageSize: 5,
});

function httpError(status: number, body: unknown): HTTPError {
  const request = new Request('http://localhost/api/v1/donationsscheduler/x', { method: 'PATCH' });
  const response = new Response(JSON.stringify(body), { status });
  const error = new HTTPError(response, request, {} as never);
  (error as { data?: unknown }).data = body;
  return error;
}

beforeEach(() => {
  vi.clearAllMocks();
  // The store logs failed calls; the tests make them on purpose.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  store.$onceOffDonations.set({ ...store.$onceOffDonations.get(), items: [], loaded: false });
  store.$recurringDonations.set({ ...store.$recurringDonations.get(), items: [], loaded: false });
});

describe('My Donations lists (5 a page, a pager per list)', () => {
  it('asks for 5 once-off donations a page and shows only the page asked for', async () => {
    calls.getUserOnceOffDonations.mockResolvedValueOnce({
      data: {
        items: ['a', 'b', 'c', 'd', 'e'].map((t) => ({ donation: donation(t) })),
        paginationMetadata: meta(1, 7),
      },
    });
    await store.loadOnceOffDonations(1);
    expect(calls.getUserOnceOffDonations).toHaveBeenCalledWith(1, 5);
    expect(store.$onceOffDonations.get()).toMatchObject({
      pageNo: 1,
      pageCount: 2,
      totalCount: 7,
      loaded: true,
      loading: false,
    });

    calls.getUserOnceOffDonations.mockResolvedValueOnce({
      data: { items: ['f', 'g'].map((t) => ({ donation: donation(t) })), paginationMetadata: meta(2, 7) },
    });
    await store.loadOnceOffDonations(2);
    expect(calls.getUserOnceOffDonations).toHaveBeenLastCalledWith(2, 5);
    expect(store.$onceOffDonations.get().items.map((d) => d.jwtTokenStringDonationId)).toEqual(['f', 'g']);
    expect(store.$onceOffDonations.get().pageNo).toBe(2);
  });

  it('unwraps the recurring rows and keeps the last page asked for when answers cross', async () => {
    let answerFirst: (value: unknown) => void = () => {};
    calls.getUserRecurringDonations
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce({
        data: {
          items: [{ donationScheduler: { recurrence: recurrence('r6') } }],
          paginationMetadata: meta(2, 6),
        },
      });
    const first = store.loadRecurringDonations(1);
    await store.loadRecurringDonations(2);
    answerFirst({
      data: {
        items: [{ donationScheduler: { recurrence: recurrence('r1') } }],
        paginationMetadata: meta(1, 6),
      },
    });
    await first;
    expect(store.$recurringDonations.get().items.map((r) => r.donationSchedulerId)).toEqual(['r6']);
    expect(store.$recurringDonations.get().pageNo).toBe(2);
  });

  it('records a failed load without losing what was shown', async () => {
    store.$recurringDonations.set({
      ...store.$recurringDonations.get(),
      items: [recurrence('r1')],
      loaded: true,
    });
    calls.getUserRecurringDonations.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await store.loadRecurringDonations(2);
    expect(store.$recurringDonations.get()).toMatchObject({ error: true, loading: false, loaded: true });
    expect(store.$recurringDonations.get().items).toHaveLength(1);
  });
});

describe("a monthly donation's payments", () => {
  it('are one list per monthly donation, 5 a page, kept while the donor stays signed in', async () => {
    calls.getRecurringCharges.mockImplementation(async (id: string) => ({
      data: { items: [{ donation: donation(`${id}-charge`) }], paginationMetadata: meta(1, 1) },
    }));
    const first = store.recurringCharges('r1');
    const second = store.recurringCharges('r2');
    expect(store.recurringCharges('r1')).toBe(first);
    await first.load(1);
    await second.load(1);
    expect(calls.getRecurringCharges).toHaveBeenCalledWith('r1', 1, 5);
    expect(first.store.get().items.map((d) => d.jwtTokenStringDonationId)).toEqual(['r1-charge']);
    expect(second.store.get().items.map((d) => d.jwtTokenStringDonationId)).toEqual(['r2-charge']);
    expect(first.store.get()).toMatchObject({ loaded: true, totalCount: 1 });
  });

  it('one receipt form open at a time across both lists', () => {
    store.toggleReceiptForm('once-off-1');
    expect(store.$receiptFormFor.get()).toBe('once-off-1');
    store.toggleReceiptForm('charge-2');
    expect(store.$receiptFormFor.get()).toBe('charge-2');
    store.toggleReceiptForm('charge-2');
    expect(store.$receiptFormFor.get()).toBeNull();
  });
});

describe('recurring item update (SPEC §4)', () => {
  beforeEach(() => {
    store.$recurringDonations.set({
      ...store.$recurringDonations.get(),
      items: [recurrence('r1'), recurrence('r2')],
      loaded: true,
    });
  });

  it("cancels with donationSchedulerStatus 4 and says 'Donation cancelled'", async () => {
    calls.updateRecurringDonation.mockResolvedValueOnce({
      data: recurrence('r2', { status: RecurringStatus.CanceledAtManage }),
      meta: { message: 'Donation cancelled' },
    });
    const outcome = await store.cancelRecurring('r2');
    expect(calls.updateRecurringDonation).toHaveBeenCalledWith(
      'r2',
      { donationSchedulerStatus: DonationStatus.CanceledAtManage },
      false,
    );
    expect(outcome.ok).toBe(true);
    expect(calls.notify).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', message: 'Donation cancelled' }),
    );
    expect(store.$recurringDonations.get().items.map((r) => r.status)).toEqual([
      RecurringStatus.Active,
      RecurringStatus.CanceledAtManage,
    ]);
  });

  it("cancels a guest's schedule by the token of their mail, without signing in", async () => {
    calls.updateRecurringDonation.mockResolvedValueOnce({
      data: recurrence('r9', { status: RecurringStatus.CanceledAtManage }),
      meta: { message: 'Donation cancelled' },
    });
    const outcome = await store.cancelRecurring('scheduler.token.from-mail', true);
    expect(calls.updateRecurringDonation).toHaveBeenCalledWith(
      'scheduler.token.from-mail',
      { donationSchedulerStatus: DonationStatus.CanceledAtManage },
      true,
    );
    expect(outcome).toMatchObject({ ok: true, recurrence: { status: RecurringStatus.CanceledAtManage } });
  });

  it("says 'Donation cancelled' for a schedule cancelled at the gateway too", () => {
    expect(store.recurringUpdateMessage(DonationStatus.CanceledAtTransaction)).toBe('Donation cancelled');
    expect(store.recurringUpdateMessage(RecurringStatus.Active)).toBe('Donation updated');
    expect(store.recurringUpdateMessage(RecurringStatus.PendingSettlement)).toBe('Donation updated');
  });

  it("changes amount, term and day and says 'Donation updated'", async () => {
    calls.updateRecurringDonation.mockResolvedValueOnce({
      data: recurrence('r1', { amount: 400, deductionDate: 2 }),
      meta: { message: 'Donation updated' },
    });
    await store.changeRecurring('r1', { amount: 400, term: 3, deductionDate: 2 });
    expect(calls.updateRecurringDonation).toHaveBeenCalledWith(
      'r1',
      { amount: 400, term: 3, deductionDate: 2 },
      false,
    );
    expect(calls.notify).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', message: 'Donation updated' }),
    );
    expect(store.$recurringDonations.get().items[0]).toMatchObject({ amount: 400, deductionDate: 2 });
  });

  it("says 'Donation update failed' and hands back the field errors when refused", async () => {
    calls.updateRecurringDonation.mockRejectedValueOnce(
      httpError(400, {
        data: { amount: ['The minimum amount is R 20'] },
        meta: { message: 'The minimum amount is R 20' },
        errors: [{ field: 'amount', displayMessage: 'The minimum amount is R 20' }],
      }),
    );
    const outcome = await store.changeRecurring('r1', { amount: 10, term: 3, deductionDate: 1 });
    expect(outcome).toEqual({ ok: false, fieldErrors: { amount: ['The minimum amount is R 20'] } });
    expect(calls.notify).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', message: 'Donation update failed' }),
    );
    expect(store.$recurringDonations.get().items[0]?.amount).toBe(250);
  });

  it("says 'Donation update failed' when the gateway refuses (502)", async () => {
    calls.updateRecurringDonation.mockRejectedValueOnce(
      httpError(502, { data: null, meta: { message: 'Donation update failed' }, errors: [] }),
    );
    const outcome = await store.cancelRecurring('r1');
    expect(outcome.ok).toBe(false);
    expect(calls.notify).toHaveBeenCalledTimes(1);
    expect(calls.notify).toHaveBeenCalledWith(expect.objectContaining({ message: 'Donation update failed' }));
    expect(store.$recurringDonations.get().items[0]?.status).toBe(RecurringStatus.Active);
  });
});
