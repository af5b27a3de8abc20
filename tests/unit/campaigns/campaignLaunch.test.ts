import { describe, expect, it } from 'vitest';
import { type LaunchFacts, launchProblemSummary, launchProblems } from '~/lib/campaignLaunch';
import { CampaignCategory } from '~/lib/enums';

const now = new Date('2026-03-01T10:00:00Z');
const ready: LaunchFacts = {
  name: 'Books for Kgosi',
  storyLength: 50,
  donationTarget: 1,
  campaignCategoryId: CampaignCategory.Education,
  endDate: null,
  imageCount: 1,
};

describe('launchProblems', () => {
  it('is empty for a campaign that has everything, at the limits', () => {
    expect(launchProblems(ready, now)).toEqual({});
    expect(launchProblems({ ...ready, name: ' Abc ' }, now)).toEqual({});
    expect(launchProblems({ ...ready, endDate: new Date(now.getTime() + 1) }, now)).toEqual({});
  });

  it('wants a name of at least 3 characters, spaces not counted', () => {
    expect(launchProblems({ ...ready, name: '  Ab  ' }, now)).toEqual({
      name: ['Please enter a name for your campaign.'],
    });
  });

  it('wants 50 characters of story text', () => {
    expect(launchProblems({ ...ready, storyLength: 49 }, now)).toEqual({
      story: ['Please tell your story in at least 50 characters.'],
    });
  });

  it('wants a target above 0 and a category other than Uncategorised', () => {
    expect(
      launchProblems(
        { ...ready, donationTarget: Number.NaN, campaignCategoryId: CampaignCategory.Uncategorised },
        now,
      ),
    ).toEqual({
      donationTarget: ['Please enter a donation target.'],
      campaignCategory: ['Please choose a category.'],
    });
    expect(launchProblems({ ...ready, donationTarget: 0 }, now)).toEqual({
      donationTarget: ['Please enter a donation target.'],
    });
  });

  it('wants an image, and an end date after now (an end date of now has passed)', () => {
    expect(launchProblems({ ...ready, imageCount: 0, endDate: now }, now)).toEqual({
      images: ['Please add at least one image.'],
      endDate: ['The end date has passed. Choose a later end date.'],
    });
    expect(launchProblems({ ...ready, endDate: new Date(Number.NaN) }, now)).toEqual({
      endDate: ['The end date has passed. Choose a later end date.'],
    });
  });

  it('lists the problems in the order the summary names them', () => {
    const problems = launchProblems(
      { ...ready, name: '', storyLength: 0, donationTarget: 0, imageCount: 0 },
      now,
    );
    expect(Object.keys(problems)).toEqual(['name', 'story', 'donationTarget', 'images']);
    expect(launchProblemSummary(problems)).toBe(
      'Your campaign is not ready to launch yet. Please add a name, a story of at least 50 characters, a donation target and at least one image.',
    );
  });
});
