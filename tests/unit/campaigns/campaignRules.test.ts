import { describe, expect, it } from 'vitest';
import { launchProblemSummary, launchProblems } from '~/lib/campaignLaunch';
import type { ImageDetail } from '~/lib/schemas/campaign';
import { type ExistingImage, keptCount, planImages, type SavedImage } from '~/lib/server/campaigns/images';
import { launchFactsOf } from '~/lib/server/campaigns/launchRules';
import { prefixQuery } from '~/lib/server/campaigns/search';
import { newShortUrl, slugFromName } from '~/lib/server/campaigns/slugs';

describe('slugFromName', () => {
  it.each([
    ['Help Lwazi walk again', 'help-lwazi-walk-again'],
    ['Rebuild Gogo Mthembu’s home after the floods!', 'rebuild-gogo-mthembus-home-after-the-floods'],
    ['  Zoë & Ngũgĩ: 2026 -- run  ', 'zoe-ngugi-2026-run'],
    ['x'.repeat(80), 'x'.repeat(60)],
  ])('%j → %s', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  it('makes a campaign-… url for names without Latin letters or digits', () => {
    expect(slugFromName('漢字')).toMatch(/^campaign-[0-9a-z]{7}$/);
    expect(slugFromName('!!')).toMatch(/^campaign-[0-9a-z]{7}$/);
  });
});

describe('newShortUrl', () => {
  it('is 7 base62 characters, different each time', () => {
    const codes = new Set(Array.from({ length: 200 }, newShortUrl));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Za-z]{7}$/);
  });
});

describe('planImages', () => {
  const existing = (n: number): ExistingImage => ({
    rowId: `row-${n}`,
    fileId: `0000000${n}-0000-4000-8000-000000000000`,
    url: `/files/images/campaign/0000000${n}-0000-4000-8000-000000000000/960.webp`,
    fileName: `${n}.png`,
    alt: null,
  });
  const upload = (name: string): SavedImage => ({
    fileId: `new-${name}`,
    url: `/files/new/${name}`,
    fileName: name,
  });
  const [a, b, c] = [existing(1), existing(2), existing(3)] as [ExistingImage, ExistingImage, ExistingImage];
  const names = (plan: ReturnType<typeof planImages>) => plan.order.map((p) => p.image.fileName);
  const detail = (d: Partial<ImageDetail>): ImageDetail => ({ deleted: false, ...d });

  it('keeps the order when nothing is said', () => {
    expect(names(planImages([a, b, c], undefined, [upload('n.png')]))).toEqual([
      '1.png',
      '2.png',
      '3.png',
      'n.png',
    ]);
  });

  it('follows imageDetails: order, deletions (any width of the url), uploads by file name', () => {
    const plan = planImages(
      [a, b, c],
      [
        detail({ url: c.url }),
        detail({ fileName: 'n.png' }),
        detail({ url: a.url.replace('960', '480') }),
        detail({ url: b.url, deleted: true }),
        detail({ url: '/files/unknown' }),
      ],
      [upload('m.png'), upload('n.png')],
    );
    expect(names(plan)).toEqual(['3.png', 'n.png', '1.png', 'm.png']);
    expect(plan.removed).toEqual([b]);
  });

  it('counts the images that stay', () => {
    expect(keptCount([a, b, c], [detail({ url: b.url, deleted: true })])).toBe(2);
    expect(keptCount([a, b, c], undefined)).toBe(3);
  });
});

describe('launchProblems of a stored campaign', () => {
  const ready = {
    name: 'Help Lwazi',
    story: `<p>${'word '.repeat(12)}</p>`,
    donationTarget: 100_00,
    campaignCategoryId: 2,
    endDate: null,
  };

  it('is empty for a complete campaign', () => {
    expect(launchProblems(launchFactsOf(ready, 1))).toEqual({});
  });

  it('counts the text of the story, not its HTML', () => {
    expect(launchFactsOf({ ...ready, story: '<p><strong>Tom &amp; Jerry</strong></p>' }, 1).storyLength).toBe(
      11,
    );
  });

  it('names each missing piece, and the summary lists them', () => {
    const problems = launchProblems(
      launchFactsOf(
        {
          ...ready,
          story: '<p>short</p>',
          donationTarget: 0,
          campaignCategoryId: 0,
          endDate: new Date(0),
        },
        0,
      ),
      new Date(),
    );
    expect(problems).toEqual({
      story: ['Please tell your story in at least 50 characters.'],
      donationTarget: ['Please enter a donation target.'],
      campaignCategory: ['Please choose a category.'],
      images: ['Please add at least one image.'],
      endDate: ['The end date has passed. Choose a later end date.'],
    });
    expect(launchProblemSummary({ images: ['x'] })).toBe(
      'Your campaign is not ready to launch yet. Please add at least one image.',
    );
    expect(launchProblemSummary({ story: ['x'], images: ['x'] })).toBe(
      'Your campaign is not ready to launch yet. Please add a story of at least 50 characters and at least one image.',
    );
  });
});

describe('prefixQuery', () => {
  it('turns words into prefix terms and ignores everything else', () => {
    expect(prefixQuery('Lwazi walk')).toBe('lwazi:* & walk:*');
    expect(prefixQuery("Gogo's & | ! (roof):*")).toBe('gogo:* & s:* & roof:*');
    expect(prefixQuery('Zoë')).toBe('zoë:*');
    expect(prefixQuery(' & | ')).toBeNull();
    expect(prefixQuery('a b c d e f g h i j')?.split(' & ')).toHaveLength(8);
  });
});
