import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminReview } from '~/lib/contracts/adminReview';
import type { OwnerDonationPage, PublicDonation, UserDonation } from '~/lib/contracts/donations';
import type { CampaignFundingInfo } from '~/lib/contracts/payouts';
import { PayoutStatus } from '~/lib/enums';
import { send } from './support/accounts';
import {
  demoToken,
  launchedCampaign,
  publicDetail,
  type SavedCampaign,
  uniqueWord,
} from './support/campaigns';
import { baseUrl } from './support/http';
import { paidGift } from './support/paidGifts';
import { acceptedOrganisationBanking, requestPayout } from './support/payoutSetup';
import { registerOrganisation } from './support/registeredOrganisation';

// Issue 25: after refunds every total equals a recount of the ledger, on every view a person
// sees: the campaign page and its lists, the cards, the owner's donations and funding, My
// Donations, the organisation's totals, and the staff's payout review of a campaign that owes.

let admin: string;
let donor: string;

beforeAll(async () => {
  [admin, donor] = await Promise.all([demoToken('nomvula'), demoToken('sipho')]);
});

const cents = (rand: number): number => Math.round(rand * 100);

function refund(donationId: string, body: Record<string, unknown>) {
  return send('POST', `/api/v1/admin/donations/${donationId}/refund`, body, admin);
}

async function data<T>(path: string, token?: string): Promise<T> {
  const res = await send<T>('GET', path, undefined, token);
  expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
  return res.body.data;
}

interface Card {
  id: string;
  raisedOnPlatform: number;
}

describe('after refunds, every total equals the ledger recount', () => {
  let campaign: SavedCampaign;
  let ownerToken: string;
  let orgId: string;
  let orgUrl: string;
  const word = uniqueWord('rt');
  const gifts: Record<'partly' | 'whole' | 'kept', string> = { partly: '', whole: '', kept: '' };

  beforeAll(async () => {
    const org = await registerOrganisation(`Refund Totals Trust ${word}`);
    ownerToken = org.owner.accessToken;
    orgId = org.id;
    orgUrl = org.url;
    campaign = await launchedCampaign(ownerToken, { organisation: org.id, name: `Refund totals ${word}` });
    const [partly, whole, kept] = await Promise.all([
      paidGift(campaign, 'payfast', donor, { amount: 400, email: `partly-${word}@example.co.za` }),
      paidGift(campaign, 'ozow', donor, { amount: 300, tip: 15, email: `whole-${word}@example.co.za` }),
      paidGift(campaign, 'payfast', donor, { amount: 200, email: `kept-${word}@example.co.za` }),
    ]);
    gifts.partly = partly.id;
    gifts.whole = whole.id;
    gifts.kept = kept.id;
    const answers = await Promise.all([
      refund(gifts.partly, { amount: 150, reason: 'Gave too much by mistake.' }),
      refund(gifts.whole, { reason: 'Charged twice.' }),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
  }, 120_000);

  // 250 left of the first, nothing of the second, all of the third.
  const RAISED = 45_000;

  it('the campaign page, its lists and its card', async () => {
    const detail = await publicDetail(campaign.url);
    expect(detail.status, detail.text).toBe(200);
    expect(cents(detail.body.data.donationsReceivedTotal)).toBe(RAISED);
    expect(detail.body.data.uniqueDonors).toBe(2);

    const top = await data<PublicDonation[]>(`/api/v1/donations/list/campaign/top/${campaign.url}?size=10`);
    expect(top.map((d) => [d.id, d.campaignAmount])).toEqual([
      [gifts.partly, 250],
      [gifts.kept, 200],
    ]);
    const list = await data<{ items: PublicDonation[]; paginationMetadata: { totalCount: number } }>(
      `/api/v1/donations/list/campaign/${campaign.url}?pageSize=10&pageNo=1`,
    );
    expect(list.paginationMetadata.totalCount).toBe(2);
    expect(list.items.map((d) => d.id)).not.toContain(gifts.whole);
    expect(list.items.reduce((sum, d) => sum + cents(d.campaignAmount), 0)).toBe(RAISED);

    const cards = await data<{ items: Card[] }>(`/api/v1/campaigns/filter-campaigns/?searchText=${word}`);
    expect(cents(cards.items.find((c) => c.id === campaign.id)?.raisedOnPlatform ?? -1)).toBe(RAISED);
  });

  it("the owner's donations, CSV and funding", async () => {
    const page = await data<OwnerDonationPage>(
      `/api/v1/campaigns/${campaign.id}/donations?pageSize=10&pageNo=1`,
      ownerToken,
    );
    const byId = new Map(page.items.map((d) => [d.id, d]));
    expect(byId.get(gifts.partly)).toMatchObject({ amount: 400, refundedAmount: 150, netAmount: 250 });
    expect(byId.get(gifts.whole)).toMatchObject({ amount: 300, refundedAmount: 300, netAmount: 0 });
    expect(byId.get(gifts.kept)).toMatchObject({ amount: 200, refundedAmount: 0, netAmount: 200 });
    expect(page.totals).toEqual([
      { currency: { symbol: 'R', ticker: 'ZAR' }, count: 3, gross: 900, refunded: 450, fees: 0, net: 450 },
    ]);

    const csv = await fetch(`${baseUrl}/api/v1/campaigns/${campaign.id}/donations.csv`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toContain('Amount,Refunded,Fee,Net');
    expect(lines.some((l) => l.includes(',400.00,150.00,0.00,250.00,ZAR,'))).toBe(true);
    expect(lines.some((l) => l.includes(',300.00,300.00,0.00,0.00,ZAR,'))).toBe(true);

    const funding = await data<CampaignFundingInfo>(`/api/v1/campaigns/${campaign.id}/funding`, ownerToken);
    expect(funding).toMatchObject({ totalFundsReceived: 450, totalFundsAvailable: 450, owedAmount: 0 });
  });

  it("the donor's My Donations says Refunded or Partly refunded", async () => {
    const mine = await data<{ items: { donation: UserDonation }[] }>(
      '/api/v1/donations/user/once-off?pageSize=50&pageNo=1',
      donor,
    );
    const refunded = new Map(mine.items.map(({ donation }) => [donation.id, donation.refunded]));
    expect(refunded.get(gifts.partly)).toEqual({ amount: 150, tipAmount: 0, whole: false });
    expect(refunded.get(gifts.whole)).toEqual({ amount: 300, tipAmount: 15, whole: true });
    expect(refunded.get(gifts.kept)).toBeNull();
  });

  it("the organisation's totals", async () => {
    const details = await data<{
      orgDonationsTotal: number;
      campaignTotals: { totalCampaignsFundsReceived: number };
    }>(`/api/v1/organizations/short/${orgUrl}`);
    expect(cents(details.orgDonationsTotal)).toBe(RAISED);
    expect(cents(details.campaignTotals.totalCampaignsFundsReceived)).toBe(RAISED);
    const found = await data<{ items: { id: string; orgDonationsTotal: number }[] }>(
      `/api/v1/organizations/filter-organizations/?searchText=${word}`,
    );
    expect(cents(found.items.find((o) => o.id === orgId)?.orgDonationsTotal ?? -1)).toBe(RAISED);
    const funding = await data<{ campaignTotals: { totalAvailableForPayout: number } }>(
      `/api/v1/organizations/${orgId}/funding`,
      ownerToken,
    );
    expect(cents(funding.campaignTotals.totalAvailableForPayout)).toBe(RAISED);
  });

  it('a refund after a payout: the campaign owes it, payouts are refused naming the debt, and staff see it', async () => {
    await acceptedOrganisationBanking(ownerToken, orgId, admin);
    const payout = await requestPayout(ownerToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 400 }],
      description: 'Food parcels',
      notes: '',
    });
    expect(payout.status, payout.text).toBe(201);
    const accepted = await send(
      'PATCH',
      `/api/v1/admin/payouts/${payout.body.data.id}`,
      { status: PayoutStatus.Accepted },
      admin,
    );
    expect(accepted.status, accepted.text).toBe(200);
    expect((await refund(gifts.kept, { reason: 'The donor gave to the wrong campaign.' })).status).toBe(201);

    // Raised R 250, R 400 committed to the payout: it owes R 150.
    const funding = await data<CampaignFundingInfo>(`/api/v1/campaigns/${campaign.id}/funding`, ownerToken);
    expect(funding).toMatchObject({ totalFundsReceived: 250, totalFundsAvailable: 0, owedAmount: 150 });
    const more = await requestPayout(ownerToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 50 }],
      description: 'More',
      notes: '',
    });
    expect(more.status).toBe(400);
    expect(more.body.meta.message).toBe(
      `"Refund totals ${word}" owes R 150.00 after refunds made once its money was paid out. Payouts resume once that is settled.`,
    );

    const review = await data<AdminReview>(`/api/v1/admin/queues/payouts/${payout.body.data.id}`, admin);
    expect(review.payout?.owed).toEqual([{ campaignName: `Refund totals ${word}`, amount: 150 }]);
    expect(review.signals.join(' ')).toContain('owes R 150.00 after refunds');
    // The cached public answers read earlier follow the ledger row at once (its trigger notifies the cache).
    expect(cents((await publicDetail(campaign.url)).body.data.donationsReceivedTotal)).toBe(25_000);
    const top = await data<PublicDonation[]>(`/api/v1/donations/list/campaign/top/${campaign.url}?size=10`);
    expect(top.map((d) => d.id)).toEqual([gifts.partly]);
    const details = await data<{ orgDonationsTotal: number }>(`/api/v1/organizations/short/${orgUrl}`);
    expect(cents(details.orgDonationsTotal)).toBe(25_000);
  });
});
