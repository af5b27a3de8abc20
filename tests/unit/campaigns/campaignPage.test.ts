import { describe, expect, it } from 'vitest';
import { toCampaignView } from '~/components/campaign/campaignView';
import {
  acceptsDonations,
  barometerOf,
  campaignHref,
  donationHref,
  highlightCardView,
  videoEmbedOf,
} from '~/lib/campaignDisplay';
import type { PublicCampaignDetail } from '~/lib/contracts/campaigns';
import { BarometerDisplay, CampaignStatus, OrgUserRole } from '~/lib/enums';

const now = new Date('2026-03-05T10:00:00Z');

describe('campaign addresses', () => {
  it('opens /campaign/{url} and donates at /donation/{url}', () => {
    expect(campaignHref('help-lwazi-walk-again')).toBe('/campaign/help-lwazi-walk-again');
    expect(donationHref('help-lwazi-walk-again')).toBe('/donation/help-lwazi-walk-again');
    expect(campaignHref('a b/c')).toBe('/campaign/a%20b%2Fc');
  });
});

describe('accepting donations', () => {
  const open = { published: true, status: CampaignStatus.Active, endDate: '2026-04-01T00:00:00Z' };
  it('accepts for a launched, active campaign before its end (or without one)', () => {
    expect(acceptsDonations(open, now)).toBe(true);
    expect(acceptsDonations({ ...open, endDate: null }, now)).toBe(true);
  });
  it('refuses once ended, closed, expired, hidden or not launched', () => {
    expect(acceptsDonations({ ...open, endDate: '2026-03-01T00:00:00Z' }, now)).toBe(false);
    for (const status of [CampaignStatus.Closed, CampaignStatus.Expired, CampaignStatus.Hidden, 9]) {
      expect(acceptsDonations({ ...open, status }, now)).toBe(false);
    }
    expect(acceptsDonations({ ...open, published: false }, now)).toBe(false);
  });
});

describe('barometer', () => {
  const totals = { totalRaised: 2500, donationTarget: 10000, uniqueDonors: 7 };
  it('is hidden for Hide', () => {
    expect(barometerOf(BarometerDisplay.Hide, totals)).toEqual({ kind: 'hidden' });
  });
  it('shows the amount against the target for rand and dollar settings', () => {
    for (const setting of [
      BarometerDisplay.ShowAmountRand,
      BarometerDisplay.ShowAmountDollar,
      undefined,
      42,
    ]) {
      expect(barometerOf(setting, totals)).toEqual({ kind: 'amount', value: 2500, max: 10000 });
    }
  });
  it('caps the bar at the target and empties it without one', () => {
    expect(barometerOf(1, { ...totals, totalRaised: 15000 })).toEqual({
      kind: 'amount',
      value: 10000,
      max: 10000,
    });
    expect(barometerOf(1, { ...totals, donationTarget: 0 })).toEqual({ kind: 'amount', value: 0, max: 0 });
  });
  it('shows the number of donors for ShowDonors', () => {
    expect(barometerOf(BarometerDisplay.ShowDonors, totals)).toEqual({ kind: 'donors', donors: 7 });
  });
});

describe('videos', () => {
  it('plays YouTube links through youtube-nocookie and links to the watch page', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(videoEmbedOf(link)).toEqual({
        provider: 'youtube',
        id: 'dQw4w9WgXcQ',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
        watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        providerName: 'YouTube',
      });
    }
  });
  it('plays Vimeo links through player.vimeo.com, keeping an unlisted hash', () => {
    expect(videoEmbedOf('https://vimeo.com/76979871')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    );
    expect(videoEmbedOf('https://player.vimeo.com/video/76979871?h=abc123def')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?h=abc123def&autoplay=1&dnt=1',
    );
  });
  it('refuses anything else', () => {
    expect(videoEmbedOf('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedOf('javascript:alert(1)')).toBeNull();
    expect(videoEmbedOf('not a url')).toBeNull();
  });
});

describe('highlight card view', () => {
  const card = {
    url: 'langa-lions',
    createdAt: '2026-02-12T08:00:00Z',
    published: true,
    status: CampaignStatus.Active,
    startDate: '2026-02-13T00:00:00Z',
    endDate: '2026-03-15T10:00:00Z',
    totalRaised: 12500,
    donationTarget: 10000,
    isVerified: false,
    fundingType: 0,
    organisation: null,
    ownerOrgRole: null,
  };
  it('computes every printed value from the SPEC rules', () => {
    expect(highlightCardView(card, now)).toEqual({
      href: '/campaign/langa-lions',
      type: 'independent',
      typeLabel: 'Independent campaign',
      createdText: "12 Feb '26",
      time: { label: 'Time left', value: '1 wk' },
      progress: '125.00',
      progressValue: 100,
      statusText: 'Active',
      notLaunched: false,
      verifiedText: 'No',
    });
  });
  it("marks unpublished campaigns 'Not launched' and unknown statuses 'Unknown'", () => {
    const view = highlightCardView({ ...card, published: false, status: 7 }, now);
    expect(view.notLaunched).toBe(true);
    expect(view.statusText).toBe('Unknown');
  });
});

const CURRENCY = { id: 1, name: 'South African rand', ticker: 'ZAR', symbol: 'R', locale: 'en-ZA' };

/** The public detail as getPublicCampaignDetail answers it. */
function detail(overrides: Partial<PublicCampaignDetail> = {}): PublicCampaignDetail {
  return {
    id: 'c-1',
    createdAt: '2026-01-20T08:00:00Z',
    name: 'Help Lwazi walk again',
    story: '<p>My nephew Lwazi is <strong>fourteen</strong>.</p><p>He needs surgery.</p>',
    language: 'en',
    startDate: '2026-01-21T00:00:00Z',
    endDate: '2026-05-20T00:00:00Z',
    donationTarget: 350000,
    url: 'help-lwazi-walk-again',
    shortUrl: 'lwazi',
    images: [
      { url: '/files/images/campaign/x/960.webp', fileName: 'lwazi.jpg', srcSet: '/a 480w, /b 960w' },
      { url: '/demo/second.svg', fileName: 'second.svg', srcSet: null },
    ],
    socials: [],
    videos: ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://example.com/not-a-video'],
    visibility: 1,
    isVerified: true,
    fundingType: 1,
    payoutTotal: 0,
    donationsReceivedTotal: 41250.5,
    offlineDonations: 18500,
    totalRaised: 59750.5,
    owner: {
      id: 'u-1',
      firstName: 'Sipho',
      lastName: 'Ndlovu',
      image: { url: '/files/avatar.webp', fileName: 'sipho.webp' },
      totalCampaigns: 3,
      orgUserRole: null,
      userRole: 'user',
    },
    campaignCategory: { id: 2, name: 'Health/Medical/Cosmetic/Dental', subCategories: [] },
    campaignSubCategory: { id: 7, name: 'Surgery', campaignCategoryId: 2 },
    campaignSetting: {
      currency: CURRENCY,
      isRecurringGivingCampaign: false,
      showBarometer: 1,
      showGateways: { paysoft: false, payPal: false, payfast: true, ozow: true, snapscan: true },
      isTaxBenefit: false,
      isAdminFee: false,
      adminFeeRate: 0,
    },
    event: null,
    address: {
      addressLine1: null,
      addressLine2: null,
      city: 'Pietermaritzburg',
      province: 'KwaZulu-Natal',
      zip: null,
      country: 'South Africa',
    },
    organization: null,
    published: true,
    isActive: true,
    donationsPaused: false,
    status: CampaignStatus.Active,
    defaultTipPercentage: 10,
    uniqueDonors: 28,
    launchedAt: '2026-01-21T00:00:00Z',
    closedAt: null,
    closeReason: null,
    topDonations: [],
    recentDonations: [],
    ...overrides,
  };
}

describe('campaign page view', () => {
  it('prints totals, progress, time, status and verification', () => {
    const view = toCampaignView(detail(), now);
    expect(view.money).toEqual({
      raisedOnPlatform: 'R 41 250.50',
      raisedOffline: 'R 18 500.00',
      total: 'R 59 750.50',
      target: 'R 350 000.00',
    });
    expect(view.progress).toBe('17.07');
    expect(view.time).toEqual({ label: 'Time left', value: '10 wk' });
    expect(view.statusText).toBe('Active');
    expect(view.verifiedText).toBe('Yes');
    expect(view.type).toBe('bluetick');
    expect(view.typeLabel).toBe('Bluetick campaign');
    expect(view.barometer).toEqual({ kind: 'amount', value: 59750.5, max: 350000 });
    expect(view.barometerText).toBe('R 59 750.50 of R 350 000.00');
    expect(view.canDonate).toBe(true);
    expect(view.donateHref).toBe('/donation/help-lwazi-walk-again');
  });
  it('keeps the srcset it was given and names pictures without alt text', () => {
    const [first, second] = toCampaignView(detail(), now).images;
    expect(first).toMatchObject({ srcset: '/a 480w, /b 960w', alt: 'Help Lwazi walk again, picture 1' });
    expect(second).toMatchObject({ url: '/demo/second.svg', srcset: null });
  });
  it('keeps only playable videos', () => {
    expect(toCampaignView(detail(), now).videos.map((v) => v.id)).toEqual(['dQw4w9WgXcQ']);
  });
  it('has a plain-text excerpt of the story for link previews', () => {
    expect(toCampaignView(detail(), now).excerpt).toBe('My nephew Lwazi is fourteen. He needs surgery.');
  });
  it('names the owner with picture and campaign count, and links the organisation', () => {
    const view = toCampaignView(
      detail({
        organization: { id: 'o-1', legalName: 'Siyakhula Trust', url: 'siyakhula', totalCampaigns: 1 },
        // The service gives an organisation campaign its organisation's verification.
        isVerified: false,
        owner: {
          ...detail().owner,
          firstName: 'Pieter',
          lastName: 'van Wyk',
          image: null,
          orgUserRole: OrgUserRole.Champion,
          totalCampaigns: 1,
        },
      }),
      now,
    );
    expect(view.owner).toEqual({
      name: 'Pieter van Wyk',
      image: null,
      initials: 'PV',
      campaignsText: '1 campaign',
    });
    expect(view.organisation).toEqual({
      legalName: 'Siyakhula Trust',
      href: '/organization/siyakhula',
      campaignsText: '1 campaign',
    });
    expect(view.type).toBe('champion');
    expect(view.verifiedText).toBe('No');
  });
  it("shows '0 days', 'Closed' and no Donate for a closed campaign", () => {
    const view = toCampaignView(detail({ status: CampaignStatus.Closed, isActive: false }), now);
    expect(view.time.value).toBe('0 days');
    expect(view.statusText).toBe('Closed');
    expect(view.canDonate).toBe(false);
  });
  it('says why there is no Donate button', () => {
    const closed = detail({
      status: CampaignStatus.Closed,
      isActive: false,
      closeReason: { id: 1, name: 'Target reached', note: 'Thank you all!' },
    });
    expect(toCampaignView(closed, now).donationNotice).toBe('This campaign is closed. Thank you all!');
    expect(
      toCampaignView(detail({ status: CampaignStatus.Expired, isActive: false }), now).donationNotice,
    ).toBe('This campaign has ended.');
    const early = detail({ startDate: '2026-04-01T00:00:00Z', isActive: false });
    expect(toCampaignView(early, now)).toMatchObject({
      canDonate: false,
      donationNotice: 'Donations open when the campaign starts.',
    });
    expect(toCampaignView(detail(), now).donationNotice).toBeNull();
  });
  it("follows the service's isActive", () => {
    expect(toCampaignView(detail({ isActive: false }), now).canDonate).toBe(false);
    expect(toCampaignView(detail({ isActive: true }), now).canDonate).toBe(true);
  });
  it('keeps private (link-only) campaigns out of search engines', () => {
    expect(toCampaignView(detail({ visibility: 0 }), now).noindex).toBe(true);
    expect(toCampaignView(detail({ visibility: 1 }), now).noindex).toBe(false);
  });
  it('counts donors for the donors barometer', () => {
    const view = toCampaignView(
      detail({ campaignSetting: { ...detail().campaignSetting, showBarometer: 3 } }),
      now,
    );
    expect(view.barometerText).toBe('28 donors');
  });
  it('says how many people have given, from the distinct donors; nothing before the first gift', () => {
    expect(toCampaignView(detail(), now).givenText).toBe('28 people have given');
    expect(toCampaignView(detail({ uniqueDonors: 1 }), now).givenText).toBe('1 person has given');
    expect(toCampaignView(detail({ uniqueDonors: 0 }), now).givenText).toBeNull();
  });
  it('lists top and recent donations only when given, anonymous ones without a name', () => {
    expect(toCampaignView(detail(), now).topDonations).toEqual([]);
    const view = toCampaignView(
      detail({
        topDonations: [
          {
            id: 'd1',
            displayName: 'Fatima P.',
            anonymous: false,
            amount: 500,
            createdAt: '2026-02-01T10:00:00Z',
            comment: ' Sterkte! ',
          },
          {
            id: 'd2',
            displayName: 'Secret',
            anonymous: true,
            amount: 250,
            comment: null,
            createdAt: '2026-02-02T09:00:00Z',
          },
        ],
      }),
      now,
    );
    expect(view.topDonations).toEqual([
      {
        key: 'd1',
        name: 'Fatima P.',
        amount: 'R 500.00',
        comment: 'Sterkte!',
        dateText: "01 Feb '26",
        createdAt: '2026-02-01T10:00:00Z',
      },
      {
        key: 'd2',
        name: 'Anonymous',
        amount: 'R 250.00',
        comment: null,
        dateText: "02 Feb '26",
        createdAt: '2026-02-02T09:00:00Z',
      },
    ]);
  });
});
