import { describe, expect, it } from 'vitest';
import { showsPayoutLink } from '~/islands/profile/MyCampaigns';
import type { CampaignCard, UserCampaigns } from '~/lib/api/campaigns';
import { appendNewById } from '~/lib/search/paging';
import { $myCampaigns, hasMoreCampaigns, withPage } from '~/stores/myCampaigns';

function card(id: string): CampaignCard {
  return {
    id,
    name: `Campaign ${id}`,
    url: `campaign-${id}`,
    createdAt: '2026-03-01T10:00:00.000Z',
    image: null,
    donationTarget: 1000,
    raisedOnPlatform: 0,
    raisedOffline: 0,
    totalRaised: 0,
    currency: { id: 1, ticker: 'ZAR', symbol: 'R', locale: 'en-ZA' },
    status: 0,
    published: false,
    startDate: null,
    endDate: null,
    isVerified: false,
    fundingType: 0,
    organisation: null,
    ownerOrgRole: null,
    ownerName: 'Lerato Nkosi',
    category: { id: 5, name: 'Education and Training' },
  };
}

function page(pageNo: number, ids: string[], totalCount = 7): UserCampaigns {
  return {
    userCampaigns: {
      items: ids.map(card),
      paginationMetadata: { totalCount, pageCount: Math.ceil(totalCount / 5), pageNo, pageSize: 5 },
    },
    userCampaignTotals: { payoutTotal: 150, targetTotal: 7000 },
  };
}

describe('My Campaigns store (SPEC §3 user campaigns, 5 a page)', () => {
  it('page 1 replaces the list and keeps the totals', () => {
    const state = withPage(
      { ...$myCampaigns.get(), items: [card('old')] },
      page(1, ['a', 'b', 'c', 'd', 'e']),
    );
    expect(state.items.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(state.totals).toEqual({ payoutTotal: 150, targetTotal: 7000 });
    expect(state).toMatchObject({ pageNo: 1, pageCount: 2, totalCount: 7, loaded: true, loading: false });
    expect(hasMoreCampaigns(state)).toBe(true);
  });

  it('load more appends the next page without duplicates', () => {
    const first = withPage($myCampaigns.get(), page(1, ['a', 'b', 'c', 'd', 'e']));
    // A campaign created meanwhile pushes 'e' onto page 2 as well.
    const second = withPage(first, page(2, ['e', 'f', 'g'], 8));
    expect(second.items.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(hasMoreCampaigns(second)).toBe(false);
  });

  it('load more keeps the first copy of each id', () => {
    expect(appendNewById([card('a')], [card('a'), card('b'), card('b')]).map((c) => c.id)).toEqual([
      'a',
      'b',
    ]);
  });
});

describe("My Campaigns' 'Request a payout' link", () => {
  it('shows only on launched campaigns whose payouts the user may request', () => {
    const launched = { ...card('a'), published: true };
    expect(showsPayoutLink({ ...launched, mayRequestPayout: true })).toBe(true);
    // A team member or an organisation's Editor or Champion: the server says no.
    expect(showsPayoutLink({ ...launched, mayRequestPayout: false })).toBe(false);
    expect(showsPayoutLink(launched)).toBe(false);
    expect(showsPayoutLink({ ...card('b'), mayRequestPayout: true })).toBe(false);
  });
});
