import { describe, expect, it } from 'vitest';
import {
  campaignSearchAddress,
  EMPTY_CAMPAIGN_SEARCH,
  EMPTY_ORGANISATION_SEARCH,
  organisationSearchAddress,
  waysOn,
} from '~/lib/search/findCampaign';
import { placeSuggestions } from '~/lib/search/placeSuggestions';
import { SA_PLACES } from '~/lib/search/places';

describe('the place suggestions (from the first letters)', () => {
  it('suggest Gauteng for "Gau", in any case', () => {
    expect(placeSuggestions('Gau', SA_PLACES)).toEqual(['Gauteng']);
    expect(placeSuggestions('gAU', SA_PLACES)).toEqual(['Gauteng']);
    expect(placeSuggestions('g', SA_PLACES)).toEqual([
      'Gauteng',
      'Gqeberha',
      'Germiston',
      'George',
      'Graaff-Reinet',
    ]);
  });

  it('match the start of a later word, after the names that begin with it', () => {
    expect(placeSuggestions('cape', SA_PLACES)).toEqual([
      'Cape Town',
      'Eastern Cape',
      'Northern Cape',
      'Western Cape',
    ]);
    expect(placeSuggestions('town', SA_PLACES)).toEqual(['Cape Town']);
  });

  it('read past hyphens and spaces, and ignore what only occurs inside a word', () => {
    expect(placeSuggestions('kwazulu natal', SA_PLACES)).toEqual(['KwaZulu-Natal']);
    expect(placeSuggestions('KwaZuluN', SA_PLACES)).toEqual(['KwaZulu-Natal']);
    expect(placeSuggestions('auteng', SA_PLACES)).toEqual([]);
  });

  it('offer nothing for nothing typed, nor the very place typed, and at most eight', () => {
    expect(placeSuggestions('  ', SA_PLACES)).toEqual([]);
    expect(placeSuggestions('Gauteng', SA_PLACES)).toEqual([]);
    expect(placeSuggestions('m', SA_PLACES)).toHaveLength(8);
  });
});

describe('the ways on from a search that found nothing', () => {
  const kinds = (ways: { kind: string }[]) => ways.map((way) => way.kind);

  it('widen a place-only search to all of South Africa, keeping words and sort', () => {
    const query = {
      ...EMPTY_CAMPAIGN_SEARCH,
      searchText: 'shoes',
      address: 'Gau',
      orderBy: 'mostRaised' as const,
    };
    expect(waysOn(campaignSearchAddress, query)).toEqual([
      { kind: 'allOfSouthAfrica', href: '/find-campaign?searchText=shoes&orderBy=mostRaised' },
      { kind: 'everything', href: '/find-campaign' },
    ]);
  });

  it('drop the place, then every filter, when there are others', () => {
    const query = {
      ...EMPTY_CAMPAIGN_SEARCH,
      address: 'Soweto',
      campaignCategoryIds: [3],
      event: 'comrades',
    };
    expect(waysOn(campaignSearchAddress, query)).toEqual([
      { kind: 'allOfSouthAfrica', href: '/find-campaign?campaignCategoryIds=3&event=comrades' },
      { kind: 'clearFilters', href: '/find-campaign' },
    ]);
  });

  it('clear filters without a place; words alone lead to everything', () => {
    expect(
      kinds(waysOn(campaignSearchAddress, { ...EMPTY_CAMPAIGN_SEARCH, campaignCategoryIds: [1, 2] })),
    ).toEqual(['clearFilters']);
    expect(kinds(waysOn(campaignSearchAddress, { ...EMPTY_CAMPAIGN_SEARCH, searchText: 'zzz' }))).toEqual([
      'everything',
    ]);
    expect(waysOn(campaignSearchAddress, EMPTY_CAMPAIGN_SEARCH)).toEqual([]);
  });

  it('stay on the Organisations tab', () => {
    const query = { ...EMPTY_ORGANISATION_SEARCH, searchText: 'choir', organizationSectorIds: [4] };
    expect(waysOn(organisationSearchAddress, query)).toEqual([
      { kind: 'clearFilters', href: '/find-campaign?tab=organisations&searchText=choir' },
      { kind: 'everything', href: '/find-campaign?tab=organisations' },
    ]);
  });
});
