import { describe, expect, it } from 'vitest';
import {
  campaignFormData,
  campaignInputOf,
  type EditorImage,
  emptyCampaignValues,
  formPathOf,
  imageDetailsOf,
  launchChecks,
  moveItem,
  normaliseAmount,
  reorderAfterUpload,
  serverErrorsToForm,
  stepOfField,
  uploadNames,
  validateCampaignValues,
  valuesFromCampaign,
} from '~/islands/editor/campaignValues';
import type { OwnerCampaign } from '~/lib/api/campaigns';
import { southAfricanDate } from '~/lib/dates';
import { CAMPAIGN_MESSAGES } from '~/lib/schemas/campaign';
import type { CampaignFormValues } from '~/stores/campaignCreation';

const values = (changes: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...emptyCampaignValues(),
  ...changes,
});

describe('form values → the contract’s campaign form', () => {
  it('a new campaign leaves out what is empty', () => {
    const { fields } = campaignInputOf(values({ name: 'Books for Kgosi', donationTarget: '25 000' }), {
      mode: 'create',
    });
    expect(fields).toMatchObject({
      name: 'Books for Kgosi',
      donationTarget: '25000',
      fundingType: 0,
      currency: '1',
      visibility: '1',
      socials: [],
      videos: [],
    });
    for (const key of ['startDate', 'endDate', 'url', 'organisation', 'campaignCategory', 'story']) {
      expect(fields).not.toHaveProperty(key);
    }
  });

  it('an edit sends every field ("" clears it) and the web address only when it changed', () => {
    const edited = values({ name: 'Books', url: 'books', endDate: '' });
    expect(campaignInputOf(edited, { mode: 'edit', savedPath: 'books' }).fields).not.toHaveProperty('url');
    const { fields } = campaignInputOf(
      { ...edited, url: 'Books-For-Kgosi' },
      { mode: 'edit', savedPath: 'books' },
    );
    expect(fields.url).toBe('books-for-kgosi');
    expect(fields.endDate).toBe('');
    expect(fields).not.toHaveProperty('campaignCategory');
  });

  it('funding type: Bluetick is type 1; an organisation campaign names the organisation', () => {
    const org = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    expect(
      campaignInputOf(values({ fundingChoice: 'bluetick' }), { mode: 'create' }).fields.fundingType,
    ).toBe(1);
    const forOrg = campaignInputOf(values({ fundingChoice: 'organisation', organisation: org }), {
      mode: 'create',
    });
    expect(forOrg.fields).toMatchObject({ fundingType: 0, organisation: org });
    const independent = campaignInputOf(values({ fundingChoice: 'independent', organisation: org }), {
      mode: 'edit',
    });
    expect(independent.fields.organisation).toBe('');
  });

  it('keeps filled social links and videos, remembering where each came from', () => {
    const input = campaignInputOf(
      values({
        socials: {
          ...emptyCampaignValues().socials,
          instagram: ' https://instagram.com/kgosi ',
          website: 'https://kgosi.org',
        },
        videos: ['', 'https://youtu.be/aqz-KE-bpKQ'],
      }),
      { mode: 'create' },
    );
    expect(input.fields.socials).toEqual([
      { platform: 'instagram', url: 'https://instagram.com/kgosi' },
      { platform: 'website', url: 'https://kgosi.org' },
    ]);
    expect(input.fields.videos).toEqual(['https://youtu.be/aqz-KE-bpKQ']);
    expect(input.socialPlatforms).toEqual(['instagram', 'website']);
    expect(input.videoIndexes).toEqual([1]);
  });

  it('reads amounts the way South Africans type them', () => {
    expect(normaliseAmount('25 000')).toBe('25000');
    expect(normaliseAmount('R 1 250,50')).toBe('1250.50');
    expect(normaliseAmount('1,000,000')).toBe('1000000');
    expect(normaliseAmount('99.95')).toBe('99.95');
  });
});

describe('validation with the shared schema, under the right inputs', () => {
  it('a draft needs a name', () => {
    expect(validateCampaignValues(values(), { mode: 'create' })).toEqual({
      name: CAMPAIGN_MESSAGES.nameRequired,
    });
    expect(validateCampaignValues(values({ name: 'Bo' }), { mode: 'create' })).toEqual({
      name: CAMPAIGN_MESSAGES.nameTooShort,
    });
    expect(validateCampaignValues(values({ name: 'Books for Kgosi' }), { mode: 'create' })).toEqual({});
  });

  it('puts list errors under the input they came from', () => {
    const errors = validateCampaignValues(
      values({
        name: 'Books for Kgosi',
        videos: ['https://youtu.be/aqz-KE-bpKQ', '', 'https://example.org/video'],
        socials: { ...emptyCampaignValues().socials, facebook: 'https://instagram.com/kgosi' },
      }),
      { mode: 'create' },
    );
    expect(errors['videos.2']).toBe(CAMPAIGN_MESSAGES.videos);
    expect(errors['socials.facebook']).toBe(CAMPAIGN_MESSAGES.socialMismatch);
  });

  it('checks the target, then (once the fields are right) the dates', () => {
    const dates = { name: 'Books', startDate: '2026-05-10', endDate: '2026-05-01' };
    expect(validateCampaignValues(values({ ...dates, donationTarget: '-5' }), { mode: 'create' })).toEqual({
      donationTarget: CAMPAIGN_MESSAGES.targetPositive,
    });
    expect(validateCampaignValues(values({ ...dates, donationTarget: '500' }), { mode: 'create' })).toEqual({
      endDate: CAMPAIGN_MESSAGES.endBeforeStart,
    });
  });

  it('maps the server’s field names to the form and its steps', () => {
    const mapping = { socialPlatforms: ['x' as const], videoIndexes: [3] };
    expect(formPathOf('fundingType', mapping)).toBe('fundingChoice');
    expect(formPathOf('socials.0.url', mapping)).toBe('socials.x');
    expect(formPathOf('videos.0', mapping)).toBe('videos.3');
    expect(formPathOf('address.city', mapping)).toBe('address.city');
    expect(formPathOf('imageDetails', mapping)).toBe('images');
    expect(serverErrorsToForm({ story: ['Too short', 'Other'], images: ['Add one'] }, mapping)).toEqual({
      story: 'Too short',
      images: 'Add one',
    });
    expect(stepOfField('story')).toBe('story');
    expect(stepOfField('images')).toBe('media');
    expect(stepOfField('socials.x')).toBe('media');
    expect(stepOfField('settings.isTaxBenefit')).toBe('settings');
    expect(stepOfField('fundingChoice')).toBe('basics');
  });
});

describe('a saved campaign → form values', () => {
  const category = { id: 5, name: 'Education and Training', subCategories: [] };
  const campaign = {
    id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    createdAt: '2026-03-01T10:00:00.000Z',
    name: 'Books for Kgosi',
    story: '<p>Kgosi reads everything.</p>',
    language: 'en',
    startDate: '2026-02-28T22:00:00.000Z',
    endDate: '2026-06-30T21:59:59.999Z',
    donationTarget: 25000,
    url: 'books-for-kgosi',
    shortUrl: 'k9x2m4',
    images: [{ url: '/files/a.webp', fileName: 'a.png', srcSet: null }],
    socials: [
      { platform: 'facebook', url: 'https://facebook.com/kgosi' },
      { platform: 'website', url: 'https://kgosi.org' },
    ],
    videos: ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
    visibility: 0,
    isVerified: false,
    fundingType: 1,
    payoutTotal: 0,
    donationsReceivedTotal: 0,
    offlineDonations: 0,
    totalRaised: 0,
    owner: {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      firstName: 'Lerato',
      lastName: 'Nkosi',
      image: null,
      totalCampaigns: 1,
      orgUserRole: null,
      userRole: 'user',
    },
    campaignCategory: category,
    campaignSubCategory: null,
    campaignSetting: {
      currency: { id: 2, name: 'Dollar', ticker: 'USD', symbol: '$', locale: 'en-US' },
      isRecurringGivingCampaign: true,
      showBarometer: 3,
      showGateways: { paysoft: false, payPal: true, payfast: false, ozow: false, snapscan: false },
      isTaxBenefit: false,
      isAdminFee: false,
      adminFeeRate: 0,
    },
    event: null,
    address: {
      addressLine1: null,
      addressLine2: null,
      city: 'Soweto',
      province: 'Gauteng',
      zip: null,
      country: null,
    },
    organization: null,
    published: false,
    isActive: false,
    donationsPaused: false,
    status: 0,
    defaultTipPercentage: 10,
    uniqueDonors: 0,
    launchedAt: null,
    closedAt: null,
    closeReason: null,
    ownerId: 'a1b2c3d4-0000-4000-8000-000000000001',
    thankYouMessage: null,
    notificationFrequency: 2,
    featured: false,
    verificationSubmittedAt: null,
    bankingDetail: null,
    identificationDocumentation: [],
    supportingDocumentation: [],
    teamMembers: [],
    totalFundsReceived: 0,
    fundsAvailable: 0,
    missingForLaunch: {},
    fundingLocked: false,
  } satisfies OwnerCampaign;

  it('fills every input, with South African dates and watch links for videos', () => {
    const result = valuesFromCampaign(campaign);
    expect(result).toMatchObject({
      name: 'Books for Kgosi',
      campaignCategory: '5',
      donationTarget: '25000',
      currency: '2',
      startDate: '2026-03-01',
      endDate: '2026-06-30',
      fundingChoice: 'bluetick',
      address: { city: 'Soweto', province: 'Gauteng' },
      url: 'books-for-kgosi',
      videos: ['https://www.youtube.com/watch?v=aqz-KE-bpKQ'],
      thankYouMessage: '',
      notificationFrequency: '2',
      visibility: '0',
      settings: { isRecurringGivingCampaign: true, showBarometer: '3', isTaxBenefit: false },
    });
    expect(result.socials.facebook).toBe('https://facebook.com/kgosi');
    expect(result.socials.website).toBe('https://kgosi.org');
  });

  it('treats Uncategorised as not chosen yet', () => {
    expect(
      valuesFromCampaign({ ...campaign, campaignCategory: { ...category, id: 0, name: 'Uncategorised' } })
        .campaignCategory,
    ).toBe('');
    expect(southAfricanDate(null)).toBe('');
    expect(southAfricanDate('not a date')).toBe('');
  });
});

describe('launch checks', () => {
  it('list what the server will ask for', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const missing = launchChecks(values({ endDate: '2026-02-01' }), 0, 10, now).filter((c) => !c.done);
    expect(missing.map((c) => c.key)).toEqual([
      'name',
      'campaignCategory',
      'donationTarget',
      'story',
      'images',
      'endDate',
    ]);
    const ready = launchChecks(
      values({ name: 'Books', campaignCategory: '5', donationTarget: '100', endDate: '2026-03-01' }),
      1,
      50,
      now,
    );
    expect(ready.every((c) => c.done)).toBe(true);
  });
});

describe('images', () => {
  const file = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/png' });
  const saved = (url: string): EditorImage => ({ key: `saved:${url}`, kind: 'saved', url, fileName: url });
  const fresh = (key: string, name = key): EditorImage => ({
    key,
    kind: 'new',
    file: file(name),
    previewUrl: `blob:${key}`,
  });

  it('gives new files unique upload names', () => {
    const names = uploadNames([fresh('a'), saved('/x'), fresh('b', 'a'), fresh('c', 'a')]);
    expect([...names.values()]).toEqual(['a', 'a-2', 'a-3']);
    const photos = uploadNames([fresh('p1', 'image.jpg'), fresh('p2', 'image.jpg')]);
    expect([...photos.values()]).toEqual(['image.jpg', 'image-2.jpg']);
  });

  it('imageDetails lists every image in display order (new ones by upload name), then the removed ones', () => {
    const original = [
      { url: '/a', fileName: 'a' },
      { url: '/b', fileName: 'b' },
      { url: '/c', fileName: 'c' },
    ];
    expect(imageDetailsOf([saved('/c'), fresh('n1'), saved('/a')], original)).toEqual([
      { url: '/c', fileName: '/c', deleted: false },
      { url: null, fileName: 'n1', deleted: false },
      { url: '/a', fileName: '/a', deleted: false },
      { url: '/b', fileName: 'b', deleted: true },
    ]);
  });

  it('asks for the owner’s order again only when the server answered another', () => {
    const after = [
      { url: '/a', fileName: 'a' },
      { url: '/n1', fileName: 'n1' },
    ];
    expect(reorderAfterUpload([saved('/a'), fresh('n1')], after)).toBeNull();
    expect(reorderAfterUpload([fresh('n1'), saved('/a')], after)).toEqual([after[1], after[0]]);
    expect(reorderAfterUpload([fresh('n1'), saved('/a')], after.slice(0, 1))).toBeNull();
    expect(reorderAfterUpload([fresh('n2'), saved('/a')], after)).toBeNull();
  });

  it('moves an item within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('builds the multipart body: text, JSON fields as text, files as images', async () => {
    const body = campaignFormData(
      {
        name: 'Books',
        donationTarget: '25000',
        organisation: null,
        socials: [{ platform: 'x', url: 'https://x.com/k' }],
      },
      {
        files: [
          { file: file('one.png'), name: 'one.png' },
          { file: file('one.png'), name: 'one-2.png' },
        ],
        imageDetails: [{ url: '/a', fileName: 'a', deleted: false }],
      },
    );
    expect(body.get('name')).toBe('Books');
    expect(body.get('organisation')).toBe('');
    expect(JSON.parse(String(body.get('socials')))).toEqual([{ platform: 'x', url: 'https://x.com/k' }]);
    expect(JSON.parse(String(body.get('imageDetails')))).toEqual([
      { url: '/a', fileName: 'a', deleted: false },
    ]);
    expect(body.getAll('images').map((f) => (f as File).name)).toEqual(['one.png', 'one-2.png']);
  });
});
