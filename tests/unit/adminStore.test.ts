import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '~/lib/currentUser';

const api = {
  getQueues: vi.fn(),
  searchAdmin: vi.fn(),
  changeCampaign: vi.fn(),
  decideCampaignVerification: vi.fn(),
  decideOrganisationVerification: vi.fn(),
  decideBankingDetails: vi.fn(),
  decidePayout: vi.fn(),
  markEftReceived: vi.fn(),
};
vi.mock('~/lib/api/admin', () => api);
const notify = vi.fn();
vi.mock('~/stores/toast', () => ({ notify }));
const notifyStoreError = vi.fn();
vi.mock('~/lib/api/storeErrors', () => ({ notifyStoreError }));

const { actOnQueueItem, isAdmin, queueTabLabel, $adminQueues } = await import('~/stores/admin');

const user = (role: 'user' | 'admin'): CurrentUser => ({
  id: 'u1',
  firstName: 'Nomvula',
  lastName: 'Dlamini',
  email: 'n@example.co.za',
  msisdn: null,
  location: null,
  active: true,
  emailConfirmed: true,
  hasOrganization: false,
  isChampion: false,
  role,
});

const emptyPage = { items: [], paginationMetadata: { totalCount: 0, pageCount: 0, pageNo: 1, pageSize: 10 } };
const queues = {
  campaignVerifications: emptyPage,
  organisationVerifications: emptyPage,
  bankingDetails: emptyPage,
  payouts: emptyPage,
  eftDonations: emptyPage,
};

beforeEach(() => {
  vi.clearAllMocks();
  api.getQueues.mockResolvedValue({ data: queues, meta: {} });
  for (const call of [
    api.decideCampaignVerification,
    api.decideOrganisationVerification,
    api.decideBankingDetails,
    api.decidePayout,
    api.markEftReceived,
  ])
    call.mockResolvedValue({ data: {}, meta: {} });
});

describe('who sees the back office', () => {
  it('only a platform admin; a visitor and a user do not', () => {
    expect(isAdmin(user('admin'))).toBe(true);
    expect(isAdmin(user('user'))).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});

describe('queue tabs', () => {
  it('carry their count once the queues are loaded', () => {
    expect(queueTabLabel('Payouts', 3)).toBe('Payouts (3)');
    expect(queueTabLabel('Payouts', 0)).toBe('Payouts (0)');
    expect(queueTabLabel('Payouts', undefined)).toBe('Payouts');
  });
});

describe('acting on a queue item', () => {
  it('accepts and rejects a verification with its reason, then reloads the queues', async () => {
    expect(await actOnQueueItem('campaignVerifications', 'c1', { type: 'accept' })).toBe(true);
    expect(api.decideCampaignVerification).toHaveBeenCalledWith('c1', { accepted: true });
    await actOnQueueItem('organisationVerifications', 'o1', { type: 'reject', reason: 'No NPO certificate' });
    expect(api.decideOrganisationVerification).toHaveBeenCalledWith('o1', {
      accepted: false,
      reason: 'No NPO certificate',
    });
    await actOnQueueItem('bankingDetails', 'b1', { type: 'reject', reason: 'Statement is unreadable' });
    expect(api.decideBankingDetails).toHaveBeenCalledWith('b1', {
      accepted: false,
      reason: 'Statement is unreadable',
    });
    expect(api.getQueues).toHaveBeenCalledTimes(3);
    expect($adminQueues.get().queues).toEqual(queues);
  });

  it('moves a payout through accepted, declined (with reason) and paid (with reference)', async () => {
    await actOnQueueItem('payouts', 'p1', { type: 'accept' });
    await actOnQueueItem('payouts', 'p2', { type: 'reject', reason: 'Wrong account' });
    await actOnQueueItem('payouts', 'p1', { type: 'paid', reference: 'FNB-123' });
    expect(api.decidePayout.mock.calls).toEqual([
      ['p1', { status: 1 }],
      ['p2', { status: 2, reason: 'Wrong account' }],
      ['p1', { status: 3, reference: 'FNB-123' }],
    ]);
  });

  it('marks an EFT donation received with the amount that reached the bank', async () => {
    await actOnQueueItem('eftDonations', 'd1', { type: 'received', amount: 275 });
    expect(api.markEftReceived).toHaveBeenCalledWith('d1', 275);
  });

  it("toasts the server's message, or a plain one when it has none", async () => {
    api.decidePayout.mockResolvedValueOnce({ data: {}, meta: { message: 'Payout marked paid.' } });
    await actOnQueueItem('payouts', 'p1', { type: 'paid', reference: 'X' });
    expect(notify).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'success', message: 'Payout marked paid.' }),
    );
    await actOnQueueItem('campaignVerifications', 'c1', { type: 'accept' });
    expect(notify).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'success', message: 'Accepted.' }),
    );
  });

  it('a failure is reported and leaves the queues as they were', async () => {
    const failure = new Error('409');
    api.decidePayout.mockRejectedValueOnce(failure);
    expect(await actOnQueueItem('payouts', 'p1', { type: 'accept' })).toBe(false);
    expect(notifyStoreError).toHaveBeenCalledWith(failure);
    expect(api.getQueues).not.toHaveBeenCalled();
  });
});
