import { describe, expect, it } from 'vitest';
import { eventDatesText } from '~/components/event/eventPageData';
import { EVENT_SLUG_PATTERN, eventHref } from '~/lib/eventLinks';
import { eventCardContent, shareImageMeta } from '~/lib/server/sharing/cardContent';
import { eventJsonLd } from '~/lib/server/sharing/structuredData';

const IMAGE = '/files/images/campaign/0b6e4f00-0000-4000-8000-000000000001/960.webp';

describe('an event in words', () => {
  it('says when it is, in South African time', () => {
    // Midnight in Johannesburg is still the day before in UTC.
    expect(eventDatesText('2027-07-17T22:00:00.000Z', '2027-07-17T22:00:00.000Z')).toBe('18 July 2027');
    expect(eventDatesText('2027-03-13T22:00:00.000Z', '2027-03-14T22:00:00.000Z')).toBe(
      '14 March 2027 to 15 March 2027',
    );
    expect(eventDatesText('2027-03-13T22:00:00.000Z', null)).toBe('From 14 March 2027');
    expect(eventDatesText(null, '2027-03-13T22:00:00.000Z')).toBe('Until 14 March 2027');
    expect(eventDatesText(null, null)).toBe('');
  });

  it('links by slug, and only a slug-shaped one', () => {
    expect(eventHref('two-oceans-marathon-2027')).toBe('/event/two-oceans-marathon-2027');
    expect(EVENT_SLUG_PATTERN.test('two-oceans-marathon-2027')).toBe(true);
    for (const bad of ['', '-x', 'Two-Oceans', 'a b', 'a/b', 'x'.repeat(121)]) {
      expect(EVENT_SLUG_PATTERN.test(bad), bad).toBe(false);
    }
  });
});

describe("an event's share card and JSON-LD", () => {
  it('shows the leading campaign picture, the rand total and how many campaigns raised it', () => {
    const content = eventCardContent({
      name: ' Mandela Day 2027 ',
      raised: 78_800,
      campaigns: 2,
      campaignImageUrl: IMAGE,
    });
    expect(content).toMatchObject({
      title: 'Mandela Day 2027',
      caption: 'raised by 2 campaigns',
      progress: null,
      image: { key: 'images/campaign/0b6e4f00-0000-4000-8000-000000000001/960.webp', fit: 'cover' },
    });
    expect(content.amount.replace(/\s/g, ' ')).toBe('R 78 800.00');
    expect(
      eventCardContent({ name: 'Casual Day', raised: 0, campaigns: 0, campaignImageUrl: null }),
    ).toMatchObject({
      caption: 'raised',
      image: null,
    });
    expect(shareImageMeta('event', 'mandela-day-2027', content).url).toMatch(
      /^\/share\/event\/mandela-day-2027\.png\?v=[0-9a-f]{16}$/,
    );
  });

  it('is an Event with absolute addresses, leaving out what it does not know', () => {
    const ld = eventJsonLd(
      {
        name: 'Comrades Marathon 2027',
        href: '/event/comrades-marathon-2027',
        description: null,
        startDate: '2027-06-12T22:00:00.000Z',
        endDate: null,
        location: 'Pietermaritzburg to Durban',
        shareImage: { url: '/share/event/comrades-marathon-2027.png?v=1' },
      },
      'https://letsema.example',
    );
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Comrades Marathon 2027',
      url: 'https://letsema.example/event/comrades-marathon-2027',
      image: 'https://letsema.example/share/event/comrades-marathon-2027.png?v=1',
      startDate: '2027-06-12T22:00:00.000Z',
      location: { '@type': 'Place', name: 'Pietermaritzburg to Durban' },
    });
  });
});
