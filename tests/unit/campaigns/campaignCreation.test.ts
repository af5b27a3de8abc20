import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyCampaignValues } from '~/islands/editor/campaignValues';
import { logout } from '~/stores/auth';
import {
  $campaignCreation,
  type CampaignFormValues,
  campaignPathOf,
  EMPTY_CAMPAIGN_CREATION,
  forgetLaunchedCampaign,
  hasUnsavedValues,
  isOwnDraft,
  keepOnlyOwnDraft,
  markCreationSaved,
  readCampaignCreation,
  recordSavedCampaign,
  rememberCreation,
  resetCampaignCreation,
  stableJson,
} from '~/stores/campaignCreation';

const ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

const values = (name: string): CampaignFormValues => ({ ...emptyCampaignValues(), name });

beforeEach(() => resetCampaignCreation());

describe('campaign path (SPEC §4: the last segment of the url)', () => {
  it('takes the last segment of a path or address, and keeps a bare segment', () => {
    expect(campaignPathOf('water-for-ga-molepo')).toBe('water-for-ga-molepo');
    expect(campaignPathOf('/campaign/water-for-ga-molepo')).toBe('water-for-ga-molepo');
    expect(campaignPathOf('https://letsema.org.za/campaign/water-for-ga-molepo/?ref=x#top')).toBe(
      'water-for-ga-molepo',
    );
    expect(campaignPathOf('')).toBe('');
  });
});

describe('the persisted creation state', () => {
  it('START CAMPAIGN forgets creation and details', () => {
    rememberCreation(null, 'story', values('Books'));
    recordSavedCampaign({ id: ID, url: 'books' });
    resetCampaignCreation();
    expect($campaignCreation.get()).toEqual(EMPTY_CAMPAIGN_CREATION);
  });

  it('reads back only sections it understands (an older or broken value is dropped)', () => {
    expect(readCampaignCreation(null)).toEqual(EMPTY_CAMPAIGN_CREATION);
    expect(readCampaignCreation({ creation: { step: 'nowhere', values: {} }, details: { id: 3 } })).toEqual(
      EMPTY_CAMPAIGN_CREATION,
    );
    const good = {
      creation: { campaignId: null, step: 'media', values: values('Books'), savedValues: null },
      details: { id: ID, path: 'books' },
    };
    expect(readCampaignCreation(good)).toEqual(good);
  });

  it('create and update success store the id and the path', () => {
    recordSavedCampaign({ id: ID, url: '/campaign/books-for-kgosi' });
    expect($campaignCreation.get().details).toEqual({ id: ID, path: 'books-for-kgosi' });
  });

  it('loading a campaign keeps the draft of the form in place', () => {
    rememberCreation(null, 'story', values('Unsaved new draft'));
    recordSavedCampaign({ id: ID, url: 'books' });
    expect($campaignCreation.get().creation?.values.name).toBe('Unsaved new draft');
  });
});

describe('unsaved changes', () => {
  it('are values that differ from the ones last saved, whatever the order of their keys', () => {
    const saved = values('Books');
    markCreationSaved(ID, saved, 'basics');
    const reordered = Object.fromEntries(Object.entries(saved).reverse()) as CampaignFormValues;
    expect(hasUnsavedValues($campaignCreation.get().creation, reordered)).toBe(false);
    expect(hasUnsavedValues($campaignCreation.get().creation, values('Books for Kgosi'))).toBe(true);
    expect(stableJson({ b: 1, a: { d: 2, c: [3, { f: 4, e: 5 }] } })).toBe(
      stableJson({ a: { c: [3, { e: 5, f: 4 }], d: 2 }, b: 1 }),
    );
  });

  it('remembering values as the owner types keeps what was saved for the same campaign', () => {
    markCreationSaved(ID, values('Books'), 'basics');
    rememberCreation(ID, 'story', values('Books!'));
    const creation = $campaignCreation.get().creation;
    expect(creation?.step).toBe('story');
    expect(hasUnsavedValues(creation, values('Books'))).toBe(false);
    expect(hasUnsavedValues(creation, values('Books!'))).toBe(true);
  });

  it('values of another campaign (or of a new one) have nothing saved yet', () => {
    markCreationSaved(ID, values('Books'), 'basics');
    rememberCreation(OTHER, 'basics', values('Water'));
    expect($campaignCreation.get().creation?.savedValues).toBeNull();
    expect(hasUnsavedValues(null, values('Water'))).toBe(true);
  });
});

describe('"Start campaign" reopens only the user\'s own unlaunched draft (issue 22)', () => {
  const USER = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
  const stored = (): void => {
    rememberCreation(ID, 'review', values('Books'));
    recordSavedCampaign({ id: ID, url: 'books' });
  };

  it('keeps the draft the user owns and has not launched', () => {
    stored();
    expect(isOwnDraft({ ownerId: USER, published: false }, USER)).toBe(true);
    expect(keepOnlyOwnDraft({ ownerId: USER, published: false }, USER)).toBe(true);
    expect($campaignCreation.get().details?.id).toBe(ID);
  });

  it('forgets a launched campaign, someone else’s, or one that is gone', () => {
    for (const campaign of [{ ownerId: USER, published: true }, { ownerId: OTHER, published: false }, null]) {
      stored();
      expect(keepOnlyOwnDraft(campaign, USER)).toBe(false);
      expect($campaignCreation.get()).toEqual(EMPTY_CAMPAIGN_CREATION);
    }
  });

  it('forgets the campaign once it is launched', () => {
    stored();
    forgetLaunchedCampaign(OTHER);
    expect($campaignCreation.get().details?.id).toBe(ID);
    forgetLaunchedCampaign(ID);
    expect($campaignCreation.get()).toEqual(EMPTY_CAMPAIGN_CREATION);
  });

  it('is cleared on logout', async () => {
    stored();
    vi.stubGlobal('window', { location: { assign: vi.fn() } });
    try {
      await logout();
    } finally {
      vi.unstubAllGlobals();
    }
    expect($campaignCreation.get()).toEqual(EMPTY_CAMPAIGN_CREATION);
  });
});
