import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type CurrentUser, isAdmin } from '~/lib/currentUser';

const api = {
  getQueues: vi.fn(),
  searchAdmin: vi.fn(),
  changeCampaign: vi.fn(),
  decideCampaignVerification: vi.fn(),
  decideOrganisationVerification: vi.fn(),
  decideBankingDetails: vi.fn(),
  decidePayout: vi.fn(),
  markEftReceived: vi.fn(),
  moveCampaign: vi.fn(),
};
vi.mock('~/lib/api/admin', () => api);
const notify = vi.fn();
vi.mock('~/stores/toast', () => ({ notify }));
const notifyStoreError = vi.fn();
vi.mock('~/lib/api/storeErrors', () => ({ notifyStoreError }));

const {
  actOnQueueItem,
  queueTabLabel,
  $adminQueues,
  $adminSearch,
  findOrganisations,
  moveFoundCampaign,
  moveTargetText,
  payeeOfHit,
} = await import('~/stores/admin');

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

describe('moving a campaign’s money', () => {
  const themba = { id: 'o1', legalName: 'Themba Care Foundation NPC' };
  const hit = {
    id: 'c1',
    name: 'Winter blankets',
    url: 'winter-blankets',
    ownerName: 'Sipho Ndlovu',
    ownerEmail: 's@example.co.za',
    status: 0,
    published: true,
    featured: false,
    isVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    organisation: themba,
    fundingType: 0,
  };
  const other = { ...hit, id: 'c2', name: 'Soccer kit', organisation: null };
  const page = (items: unknown[]) => ({
    items,
    paginationMetadata: { totalCount: items.length, pageCount: 1, pageNo: 1, pageSize: 20 },
  });

  /** The campaigns the search shows now. */
  const shown = () => ($adminSearch.get().result?.results.items ?? []) as (typeof hit)[];

  beforeEach(() => {
    $adminSearch.set({
      result: { kind: 'campaigns', results: page([hit, other]) },
      loading: false,
      error: false,
    } as never);
  });

  it('says where the money goes now, in words', () => {
    expect(payeeOfHit(hit)).toBe("Paid out to Themba Care Foundation NPC's verified account");
    expect(payeeOfHit(other)).toBe("Paid out to Sipho Ndlovu, the campaign's owner");
    expect(payeeOfHit({ ...other, fundingType: 1 })).toBe(
      "Paid out to Sipho Ndlovu, the campaign's owner (Bluetick)",
    );
  });

  it('names the destination in the confirmation', () => {
    expect(moveTargetText({ organisation: themba }, 'Sipho Ndlovu')).toBe('Themba Care Foundation NPC');
    expect(moveTargetText({ organisation: null, fundingType: 1 }, 'Sipho Ndlovu')).toBe(
      'the owner, Sipho Ndlovu (Bluetick)',
    );
    expect(moveTargetText({ organisation: null, fundingType: 0 }, 'Sipho Ndlovu')).toBe(
      'the owner, Sipho Ndlovu (Standard)',
    );
  });

  it('sends the organisation or the owner with the reason, and the card shows the new destination', async () => {
    const second = { id: 'o2', legalName: 'Second Home Trust' };
    api.moveCampaign.mockResolvedValueOnce({
      data: { id: 'c1', organisation: second, fundingType: 0 },
      meta: { message: 'Campaign moved.' },
    });
    expect(await moveFoundCampaign('c1', { organisation: second }, 'Asked by both boards')).toBe(true);
    expect(api.moveCampaign).toHaveBeenLastCalledWith('c1', {
      organisation: 'o2',
      reason: 'Asked by both boards',
    });
    expect(shown().map((i) => [i.id, i.organisation])).toEqual([
      ['c1', second],
      ['c2', null],
    ]);
    expect(notify).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'success', message: 'Campaign moved.' }),
    );

    api.moveCampaign.mockResolvedValueOnce({
      data: { id: 'c1', organisation: null, fundingType: 1 },
      meta: {},
    });
    await moveFoundCampaign('c1', { organisation: null, fundingType: 1 }, 'Paid to suppliers');
    expect(api.moveCampaign).toHaveBeenLastCalledWith('c1', {
      organisation: null,
      fundingType: 1,
      reason: 'Paid to suppliers',
    });
    expect(shown()[0]?.fundingType).toBe(1);
  });

  it('a refused move is reported and leaves the card as it was', async () => {
    const failure = new Error('400');
    api.moveCampaign.mockRejectedValueOnce(failure);
    expect(await moveFoundCampaign('c1', { organisation: null, fundingType: 0 }, 'Why')).toBe(false);
    expect(notifyStoreError).toHaveBeenCalledWith(failure);
    expect(shown()[0]?.organisation).toEqual(themba);
  });

  it('finds organisations by name without replacing the campaigns found', async () => {
    const found = [
      { id: 'o2', legalName: 'Second Home Trust', url: 'second-home', isVerified: true, createdAt: '' },
    ];
    api.searchAdmin.mockResolvedValueOnce({
      data: { kind: 'organisations', results: page(found) },
      meta: {},
    });
    expect(await findOrganisations('  second ')).toEqual(found);
    expect(api.searchAdmin).toHaveBeenLastCalledWith('organisations', 'second');
    expect($adminSearch.get().result?.kind).toBe('campaigns');
    api.searchAdmin.mockRejectedValueOnce(new Error('500'));
    expect(await findOrganisations('x')).toBeNull();
    expect(notifyStoreError).toHaveBeenCalled();
  });
});
