import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_MESSAGES,
  campaignUpdatePostSchema,
  closeCampaignSchema,
  createCampaignSchema,
  editCampaignSchema,
  invitationAnswerSchema,
  RESERVED_CAMPAIGN_URLS,
  removeTeamMemberSchema,
  socialPlatformOf,
  teamMemberBody,
  teamMemberSchema,
  teamMemberSchemaFor,
} from '~/lib/schemas/campaign';
import { bankingDetailsSchema } from '~/lib/schemas/campaignVerification';
import { campaignSearchSchema, searchParamsInput } from '~/lib/schemas/search';

/** Field → messages, as parseInput reports them. */
function messagesOf(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? 'body';
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}

const ID = '3f2c8a8e-4b1d-4f55-9a3e-2c1b0d9e8f7a';

describe('the campaign form', () => {
  it('reads form text into typed values', () => {
    const output = v.parse(createCampaignSchema, {
      name: '  Lwazi walks again ',
      story: '<p>Story</p>',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      donationTarget: '350000.50',
      offlineDonations: '',
      thankYouMessage: '  ',
      url: ' Lwazi-Walks ',
      fundingType: '1',
      campaignCategory: '2',
      campaignSubCategory: '',
      currency: 2,
      event: null,
      notificationFrequency: '3',
      organisation: ID.toUpperCase(),
      visibility: '0',
      hidden: 'false',
      videos: ['youtu.be/dQw4w9WgXcQ'],
      socials: [{ platform: 'x', url: 'https://twitter.com/lwazi' }],
      settings: { isRecurringGivingCampaign: 'true', showBarometer: '2' },
      imageDetails: [{ url: '/files/x', fileName: 'x.png', deleted: 'true' }],
    });
    expect(output).toEqual({
      name: 'Lwazi walks again',
      story: '<p>Story</p>',
      startDate: new Date('2026-02-28T22:00:00.000Z'),
      endDate: new Date('2026-03-31T21:59:59.999Z'),
      donationTarget: 350000.5,
      offlineDonations: null,
      thankYouMessage: null,
      url: 'lwazi-walks',
      fundingType: 1,
      campaignCategory: 2,
      campaignSubCategory: null,
      currency: 2,
      event: null,
      notificationFrequency: 3,
      organisation: ID,
      visibility: 0,
      hidden: false,
      videos: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      socials: [{ platform: 'x', url: 'https://twitter.com/lwazi' }],
      settings: { isRecurringGivingCampaign: true, showBarometer: 2 },
      imageDetails: [{ url: '/files/x', fileName: 'x.png', deleted: true }],
    });
  });

  it('requires a name to create, not to edit', () => {
    expect(messagesOf(createCampaignSchema, {})).toEqual({ name: [CAMPAIGN_MESSAGES.nameRequired] });
    expect(messagesOf(editCampaignSchema, {})).toEqual({});
    expect(messagesOf(editCampaignSchema, { name: ' ' })).toEqual({ name: [CAMPAIGN_MESSAGES.nameRequired] });
  });

  it.each([
    [{ name: 'ab' }, 'name', 'The campaign name must be at least 3 characters.'],
    [{ donationTarget: 'R 100' }, 'donationTarget', 'Please enter a donation target.'],
    [{ donationTarget: -5 }, 'donationTarget', 'The donation target must be more than 0.'],
    [{ donationTarget: 2e9 }, 'donationTarget', 'The max donation target is 1 000 000 000'],
    [
      { offlineDonations: -1 },
      'offlineDonations',
      'The amount raised offline must be between 0 and 10 000 000.',
    ],
    [
      { offlineDonations: 10_000_000.01 },
      'offlineDonations',
      'The amount raised offline must be between 0 and 10 000 000.',
    ],
    [
      { offlineDonations: 1e9 },
      'offlineDonations',
      'The amount raised offline must be between 0 and 10 000 000.',
    ],
    [{ startDate: 'soon' }, 'startDate', 'Please enter a valid start date.'],
    [
      { startDate: '2026-04-02', endDate: '2026-04-01' },
      'endDate',
      'The end date must be after the start date.',
    ],
    [{ url: 'home' }, 'url', 'That web address is reserved. Try another.'],
    [{ url: '-lwazi' }, 'url', CAMPAIGN_MESSAGES.urlFormat],
    [{ url: 'lwazi_walks' }, 'url', CAMPAIGN_MESSAGES.urlFormat],
    [{ url: 'x'.repeat(61) }, 'url', 'The web address must be 3 to 60 characters long.'],
    [{ fundingType: 2 }, 'fundingType', 'Please choose a funding type.'],
    [{ campaignCategory: 'health' }, 'campaignCategory', 'Please choose a category.'],
    [
      { campaignSubCategory: 1.5 },
      'campaignSubCategory',
      'Please choose a sub-category of the selected category.',
    ],
    [{ currency: '' }, 'currency', 'Please select a currency'],
    [
      { notificationFrequency: 4 },
      'notificationFrequency',
      'Please choose how often we should email you about donations.',
    ],
    [{ visibility: 'everyone' }, 'visibility', 'Please choose who can see your campaign.'],
    [{ hidden: 'maybe' }, 'hidden', 'Hidden must be true or false.'],
    [{ videos: ['https://example.org/video'] }, 'videos.0', 'Only YouTube and Vimeo links can be added.'],
    [{ videos: Array(11).fill('https://vimeo.com/1') }, 'videos', 'Please add at most 10 videos.'],
    [
      { socials: [{ platform: 'facebook', url: 'ftp://facebook.com/x' }] },
      'socials.0.url',
      'Please enter a valid link starting with https://.',
    ],
    [{ settings: { showBarometer: 4 } }, 'settings.showBarometer', 'Please choose what the barometer shows.'],
  ])('%j: %s says "%s"', (fields, field, message) => {
    expect(messagesOf(editCampaignSchema, fields)).toEqual({ [field]: [message] });
  });

  it('reserves the paths of the site', () => {
    for (const path of [
      'home',
      'auth',
      'campaign',
      'find-campaign',
      'organization',
      'api',
      'files',
      'admin',
    ]) {
      expect(RESERVED_CAMPAIGN_URLS.has(path), path).toBe(true);
    }
  });

  it('knows the platform of a social link by its host', () => {
    expect(socialPlatformOf('https://m.facebook.com/x')).toBe('facebook');
    expect(socialPlatformOf('https://www.instagram.com/x')).toBe('instagram');
    expect(socialPlatformOf('https://twitter.com/x')).toBe('x');
    expect(socialPlatformOf('https://x.com/x')).toBe('x');
    expect(socialPlatformOf('https://www.tiktok.com/@x')).toBe('tiktok');
    expect(socialPlatformOf('https://za.linkedin.com/in/x')).toBe('linkedin');
    expect(socialPlatformOf('https://notfacebook.com/x')).toBe('website');
    expect(socialPlatformOf('not a link')).toBe('website');
  });
});

describe('close, updates, team and search', () => {
  it('close needs a reason; the note is optional', () => {
    expect(messagesOf(closeCampaignSchema, {})).toEqual({ closeReasonId: [CAMPAIGN_MESSAGES.closeReason] });
    expect(v.parse(closeCampaignSchema, { closeReasonId: '2', note: ' ' })).toEqual({
      closeReasonId: 2,
      note: null,
    });
  });

  it('an update needs a campaign and a description', () => {
    expect(messagesOf(campaignUpdatePostSchema, {})).toEqual({
      campaignId: ['Please choose a campaign.'],
      description: ['Please write your update.'],
    });
    expect(v.parse(campaignUpdatePostSchema, { campaignId: ID, description: ' Hi ' })).toEqual({
      campaignId: ID,
      description: 'Hi',
      videos: [],
    });
  });

  it('a team member is added or changed with the account rules, removed with only its id', () => {
    const body = teamMemberBody({
      campaignId: ID,
      firstName: 'Ayanda',
      lastName: 'Dube',
      email: 'ayanda@example.org',
      deleted: 'false',
    });
    expect(teamMemberSchemaFor(body)).toBe(teamMemberSchema);
    expect(v.parse(teamMemberSchema, body)).toMatchObject({
      userRole: 2,
      mainContactPerson: false,
      deleted: false,
    });
    const removal = teamMemberBody({ id: ID, campaignId: ID, deleted: 'true' });
    expect(teamMemberSchemaFor(removal)).toBe(removeTeamMemberSchema);
    expect(v.parse(removeTeamMemberSchema, removal)).toEqual({ id: ID, campaignId: ID, deleted: true });
    expect(messagesOf(teamMemberSchema, { ...body, userRole: 3, email: 'nope' })).toEqual({
      email: ['Invalid email format.'],
      userRole: ['Please choose a role: Admin or Editor.'],
    });
    expect(messagesOf(invitationAnswerSchema, {})).toEqual({
      token: ['This invitation link is invalid or has expired.'],
    });
  });

  it('search takes repeated or comma-joined categories and falls back on paging', () => {
    const input = searchParamsInput(
      new URLSearchParams('campaignCategoryIds=2&campaignCategoryIds=5,9&pageSize=100&pageNo=x&orderBy=up'),
    );
    expect(v.parse(campaignSearchSchema, input)).toEqual({
      campaignCategoryIds: [2, 5, 9],
      featured: false,
      topSupported: false,
      orderBy: 'newest',
      pageNo: 1,
      pageSize: 48,
    });
    expect(messagesOf(campaignSearchSchema, { campaignCategoryIds: '17' })).toEqual({
      campaignCategoryIds: ['Please choose categories from the list.'],
    });
  });
});

describe('banking details', () => {
  const local = {
    accountHolderName: 'Thandi Nkosi',
    idType: 1,
    idNumber: '8001015009087',
    accountNumber: '6284 5190 273',
    bankName: 'FNB',
    accountType: 1,
  };

  it('accepts local details and tidies the account number', () => {
    expect(v.parse(bankingDetailsSchema, local)).toMatchObject({
      accountNumber: '62845190273',
      isInternational: false,
    });
  });

  it('names every wrong field at once', () => {
    expect(
      messagesOf(bankingDetailsSchema, {
        ...local,
        idNumber: '123',
        accountNumber: '12',
        bankName: null,
        accountType: null,
      }),
    ).toEqual({
      idNumber: ['A South African ID number has 13 digits.'],
      accountNumber: ['A South African account number has 6 to 16 digits.'],
      bankName: ['Please choose your bank.'],
      accountType: ['Please choose an account type.'],
    });
  });

  it('asks international accounts for a SWIFT code, not a branch code', () => {
    const international = {
      ...local,
      idType: 2,
      isInternational: 'true',
      accountNumber: 'GB29NWBK60161331926819',
    };
    expect(messagesOf(bankingDetailsSchema, international)).toEqual({
      swiftCode: ['Please enter a valid SWIFT code (8 or 11 letters and digits).'],
    });
    expect(messagesOf(bankingDetailsSchema, { ...international, swiftCode: 'nwbk gb 2l' })).toEqual({});
  });
});
