import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicDonation } from '~/lib/contracts/donations';
import { DonationType, PaymentGateway, RecurringStatus } from '~/lib/enums';
import { send, verifyAndLogin } from './support/accounts';
import { demoToken, launchedCampaign, publicDetail, type SavedCampaign } from './support/campaigns';
import { DEMO_RECURRING_CAMPAIGN, type DonationData, donated, donationBody } from './support/donations';
import { api, expectSuccessEnvelope } from './support/http';

interface Page<T> {
  items: T[];
  paginationMetadata: { totalCount: number; pageCount: number; pageNo: number; pageSize: number };
}

/** An accepted donation: an EFT one an admin marks received. */
async function acceptedDonation(
  campaign: SavedCampaign,
  overrides: Record<string, unknown>,
): Promise<DonationData> {
  const body = donationBody({
    campaignUrl: undefined,
    campaignId: campaign.id,
    tipOrAdminFeeAmount: 0,
    ...overrides,
  });
  const d = await donated(body, await demoToken('zanele'));
  const res = await send(
    'POST',
    `/api/v1/donations/${d.id}/eft-received`,
    { amount: d.total },
    await demoToken('nomvula'),
  );
  expect(res.status, res.text).toBe(200);
  return d;
}

async function list<T>(path: string, token?: string): Promise<Page<T>> {
  const res = await send<Page<T>>('GET', path, undefined, token);
  expect(res.status, res.text).toBe(200);
  expectSuccessEnvelope(res.body);
  return res.body.data;
}

describe('public campaign donation lists', () => {
  let campaign: SavedCampaign;
  const donors: Record<string, DonationData> = {};

  beforeAll(async () => {
    campaign = await launchedCampaign(await demoToken('lerato'));
    // In this order, so "newest first" is known.
    donors.hidden = await acceptedDonation(campaign, {
      amount: 100,
      anonymous: true,
      displayName: 'Secret Sam',
      comment: 'Quietly',
    });
    donors.family = await acceptedDonation(campaign, { amount: 500, displayName: 'The Dlamini family' });
    donors.named = await acceptedDonation(campaign, { amount: 300, firstName: 'Thabo', lastName: 'mokoena' });
    donors.small = await acceptedDonation(campaign, { amount: 50, firstName: 'Naledi', lastName: 'Dube' });
    donors.big = await acceptedDonation(campaign, { amount: 1000, firstName: 'Johan', lastName: 'Botha' });
    donors.late = await acceptedDonation(campaign, { amount: 200, firstName: 'Priya', lastName: 'Naidoo' });
    // Pending: never public.
    donors.pending = await donated(
      donationBody({ campaignUrl: undefined, campaignId: campaign.id, amount: 5000, tipOrAdminFeeAmount: 0 }),
      await demoToken('zanele'),
    );
  });

  it('lists accepted donations only, newest first, anonymous donors as Anonymous, display names, else "First L."', async () => {
    const page = await list<PublicDonation>(`/api/v1/donations/list/campaign/${campaign.url}`);
    expect(page.paginationMetadata).toMatchObject({ totalCount: 6, pageNo: 1, pageSize: 10, pageCount: 1 });
    expect(page.items.map((d) => d.name)).toEqual([
      'Priya N.',
      'Johan B.',
      'Naledi D.',
      'Thabo M.',
      'The Dlamini family',
      'Anonymous',
    ]);
    const hidden = page.items.at(-1);
    expect(hidden).toMatchObject({ anonymous: true, amount: 100, campaignAmount: 100, comment: 'Quietly' });
    expect(hidden?.currency).toEqual({ symbol: 'R', ticker: 'ZAR' });
    // Nothing that identifies a donor beyond the public name.
    for (const d of page.items)
      expect(Object.keys(d).sort()).toEqual([
        'amount',
        'anonymous',
        'campaignAmount',
        'comment',
        'createdAt',
        'currency',
        'id',
        'name',
      ]);
    expect(JSON.stringify(page)).not.toContain('Secret Sam');
    expect(JSON.stringify(page)).not.toContain('@');
  });

  it('pages, oldest first on request, and by id', async () => {
    const first = await list<PublicDonation>(
      `/api/v1/donations/list/campaign/${campaign.url}?pageSize=4&pageNo=1`,
    );
    const second = await list<PublicDonation>(
      `/api/v1/donations/list/campaign/${campaign.url}?pageSize=4&pageNo=2`,
    );
    expect(first.paginationMetadata).toMatchObject({ totalCount: 6, pageCount: 2, pageSize: 4, pageNo: 1 });
    expect(first.items).toHaveLength(4);
    expect(second.items.map((d) => d.name)).toEqual(['The Dlamini family', 'Anonymous']);
    const oldest = await list<PublicDonation>(
      `/api/v1/donations/list/campaign/${campaign.id}?idType=1&orderByDesc=false&pageSize=2`,
    );
    expect(oldest.items.map((d) => d.name)).toEqual(['Anonymous', 'The Dlamini family']);
  });

  it('top donations: the largest first, 3 by default', async () => {
    const top = await api<PublicDonation[]>(`/api/v1/donations/list/campaign/top/${campaign.url}?idType=0`);
    expect(top.status, top.text).toBe(200);
    expect(top.body.data.map((d) => [d.name, d.amount])).toEqual([
      ['Johan B.', 1000],
      ['The Dlamini family', 500],
      ['Thabo M.', 300],
    ]);
    const five = await api<PublicDonation[]>(`/api/v1/donations/list/campaign/top/${campaign.url}?size=5`);
    expect(five.body.data.map((d) => d.amount)).toEqual([1000, 500, 300, 200, 100]);
  });

  it('the campaign page carries top and recent donations, anonymous ones unnamed', async () => {
    const res = await publicDetail(campaign.url);
    expect(res.status, res.text).toBe(200);
    const detail = res.body.data as unknown as {
      topDonations: { displayName: string; amount: number; anonymous: boolean }[];
      recentDonations: { displayName: string; amount: number; anonymous: boolean }[];
      donationsReceivedTotal: number;
    };
    expect(detail.topDonations.map((d) => d.displayName)).toEqual([
      'Johan B.',
      'The Dlamini family',
      'Thabo M.',
    ]);
    expect(detail.recentDonations.map((d) => d.displayName)).toEqual([
      'Priya N.',
      'Johan B.',
      'Naledi D.',
      'Thabo M.',
      'The Dlamini family',
    ]);
    expect(detail.donationsReceivedTotal).toBe(2150);
    expect(res.text).not.toContain('Secret Sam');
  });

  it('404s unknown and draft campaigns', async () => {
    const unknown = await api('/api/v1/donations/list/campaign/no-such-campaign-anywhere');
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('Campaign not found.');
    const top = await api('/api/v1/donations/list/campaign/top/no-such-campaign-anywhere');
    expect(top.status).toBe(404);
  });
});

describe("the user's own lists", () => {
  it('once-off: their donations with the campaign, newest first, 5 a page; recurring ones apart', async () => {
    const me = await verifyAndLogin();
    const made: DonationData[] = [];
    for (let i = 0; i < 6; i++)
      made.push(await donated(donationBody({ amount: 20 + i, tipOrAdminFeeAmount: 0 }), me.accessToken));
    const recurring = await send<{ donationSchedulerId: string }>(
      'POST',
      '/api/v1/donationsscheduler',
      donationBody({
        campaignUrl: DEMO_RECURRING_CAMPAIGN,
        paymentMethod: PaymentGateway.PayFast,
        amount: 100,
        tipOrAdminFeeAmount: 0,
        term: 3,
        deductionDate: 1,
        cardConsent: true,
      }),
      me.accessToken,
    );
    expect(recurring.status, recurring.text).toBe(201);

    const page1 = await list<{
      donation: DonationData & { campaign: { id: string; name: string; url: string } };
    }>('/api/v1/donations/user/once-off', me.accessToken);
    expect(page1.paginationMetadata).toMatchObject({ totalCount: 6, pageSize: 5, pageCount: 2 });
    expect(page1.items.map((i) => i.donation.amount)).toEqual([25, 24, 23, 22, 21]);
    expect(page1.items[0]?.donation.campaign).toMatchObject({
      url: 'help-lwazi-walk-again',
      name: expect.any(String),
    });
    expect(page1.items[0]?.donation.jwtTokenStringDonationId).toBeTypeOf('string');
    const page2 = await list<{ donation: DonationData }>(
      '/api/v1/donations/user/once-off?pageNo=2',
      me.accessToken,
    );
    expect(page2.items.map((i) => i.donation.id)).toEqual([made[0]?.id]);

    const mine = await list<{ donationScheduler: { recurrence: Record<string, unknown> } }>(
      '/api/v1/donations/user/recurring',
      me.accessToken,
    );
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]?.donationScheduler.recurrence).toMatchObject({
      donationSchedulerId: recurring.body.data.donationSchedulerId,
      amount: 100,
      term: 3,
      deductionDate: 1,
      cycles: 6,
      status: RecurringStatus.PendingSettlement,
      campaign: { url: DEMO_RECURRING_CAMPAIGN },
    });
  });

  it("a recurring donor's monthly charges are in the recurring list, not the once-off one", async () => {
    const fatima = await demoToken('fatima');
    const onceOff = await list<{ donation: DonationData }>(
      '/api/v1/donations/user/once-off?pageSize=50',
      fatima,
    );
    expect(onceOff.items.every((i) => i.donation.type === DonationType.OneOff)).toBe(true);
    const recurring = await list<{ donationScheduler: { recurrence: Record<string, unknown> } }>(
      '/api/v1/donations/user/recurring',
      fatima,
    );
    expect(recurring.items.map((i) => i.donationScheduler.recurrence)).toContainEqual(
      expect.objectContaining({
        amount: 250,
        status: RecurringStatus.Active,
        deductionsMade: 3,
        cycles: null,
      }),
    );
  });

  it('needs a session', async () => {
    expect((await api('/api/v1/donations/user/once-off')).status).toBe(401);
    expect((await api('/api/v1/donations/user/recurring')).status).toBe(401);
  });
});
