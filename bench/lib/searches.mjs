// Every kind of search /find-campaign can make, at scale (bench/lib/search.mjs times them over HTTP,
// scripts/search-at-scale.ts through the services with their EXPLAIN plans): the campaigns tab's
// text with each order, category, place (province, town, a part of a name), organisation and event
// filters, and the organisations tab with text and without. Words and places the scale seed uses
// (scripts/scale/words.ts), so each search finds many, a few or nothing, as it would in use.
import { createHash } from 'node:crypto';

/** Search p95 over HTTP at 100 000 campaigns and 1 000 000 donations (issue 28). */
export const SEARCH_P95_TARGET_MS = 50;

/** The id the scale seed gives its organisation `n` (md5('scale-org-' || n)::uuid, scripts/scale/statements.ts). */
export function scaleOrganisationId(n) {
  const hex = createHash('md5').update(`scale-org-${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An event the scale seed fills with campaigns (scripts/scale/statements.ts: every 25th campaign joins one). */
const EVENT = 'cape-town-cycle-tour-2027';
const ORGANISATION = scaleOrganisationId(1);

/**
 * @typedef {{ label: string, tab: 'campaigns' | 'organisations', query: string }} Search
 * `query` as /api/v1/campaigns/filter-campaigns/ or /api/v1/organizations/filter-organizations/ take it.
 */

/** @type {Search[]} */
export const SEARCHES = [
  { label: 'newest (no filter)', tab: 'campaigns', query: '' },
  { label: 'oldest', tab: 'campaigns', query: 'orderBy=oldest' },
  { label: 'most raised', tab: 'campaigns', query: 'orderBy=mostRaised' },
  { label: 'ending soon', tab: 'campaigns', query: 'orderBy=endingSoon' },
  { label: 'newest, page 10', tab: 'campaigns', query: 'pageNo=10' },
  { label: 'most raised, page 3', tab: 'campaigns', query: 'orderBy=mostRaised&pageNo=3' },
  { label: 'text "school"', tab: 'campaigns', query: 'searchText=school' },
  { label: 'text "school", oldest', tab: 'campaigns', query: 'searchText=school&orderBy=oldest' },
  { label: 'text "school", most raised', tab: 'campaigns', query: 'searchText=school&orderBy=mostRaised' },
  { label: 'text "school", ending soon', tab: 'campaigns', query: 'searchText=school&orderBy=endingSoon' },
  { label: 'text "help", most raised', tab: 'campaigns', query: 'searchText=help&orderBy=mostRaised' },
  { label: 'text "water project"', tab: 'campaigns', query: 'searchText=water%20project' },
  { label: 'text "borehole kalahari"', tab: 'campaigns', query: 'searchText=borehole%20kalahari' },
  {
    label: 'text "borehole kalahari", most raised',
    tab: 'campaigns',
    query: 'searchText=borehole%20kalahari&orderBy=mostRaised',
  },
  { label: 'text prefix "wheel"', tab: 'campaigns', query: 'searchText=wheel' },
  { label: 'text found nowhere', tab: 'campaigns', query: 'searchText=xylophone' },
  { label: 'category', tab: 'campaigns', query: 'campaignCategoryIds=5' },
  { label: 'category, page 2', tab: 'campaigns', query: 'campaignCategoryIds=6&pageNo=2' },
  {
    label: 'three categories, most raised',
    tab: 'campaigns',
    query: 'campaignCategoryIds=2,5,9&orderBy=mostRaised',
  },
  { label: 'province "Gauteng"', tab: 'campaigns', query: 'address=Gauteng' },
  { label: 'town "Soweto"', tab: 'campaigns', query: 'address=Soweto' },
  { label: 'town "Soweto", page 2', tab: 'campaigns', query: 'address=Soweto&pageNo=2' },
  { label: 'town "Soweto", most raised', tab: 'campaigns', query: 'address=Soweto&orderBy=mostRaised' },
  { label: 'place "Cape", ending soon', tab: 'campaigns', query: 'address=Cape&orderBy=endingSoon' },
  { label: 'place "ng" (two letters)', tab: 'campaigns', query: 'address=ng' },
  { label: 'place found nowhere', tab: 'campaigns', query: 'address=Atlantis' },
  {
    label: 'text + category + province',
    tab: 'campaigns',
    query: 'searchText=help&campaignCategoryIds=2&address=KwaZulu-Natal',
  },
  { label: 'organisation', tab: 'campaigns', query: `organizationId=${ORGANISATION}` },
  {
    label: 'organisation, most raised',
    tab: 'campaigns',
    query: `organizationId=${ORGANISATION}&orderBy=mostRaised`,
  },
  { label: 'event', tab: 'campaigns', query: `event=${EVENT}` },
  { label: 'event, ending soon', tab: 'campaigns', query: `event=${EVENT}&orderBy=endingSoon` },
  { label: 'event + text', tab: 'campaigns', query: `event=${EVENT}&searchText=school` },
  { label: 'organisations, newest', tab: 'organisations', query: '' },
  { label: 'organisations, by name', tab: 'organisations', query: 'orderBy=name' },
  { label: 'organisations, most raised', tab: 'organisations', query: 'orderBy=mostRaised' },
  { label: 'organisations, text "hope"', tab: 'organisations', query: 'searchText=hope' },
  {
    label: 'organisations, text "hope", most raised',
    tab: 'organisations',
    query: 'searchText=hope&orderBy=mostRaised',
  },
  { label: 'organisations, place "Cape"', tab: 'organisations', query: 'address=Cape' },
  { label: 'organisations, a sector', tab: 'organisations', query: 'organizationSectorIds=1' },
];

/** The API path of a search. */
export const searchPath = (search) =>
  `${search.tab === 'campaigns' ? '/api/v1/campaigns/filter-campaigns/' : '/api/v1/organizations/filter-organizations/'}?${search.query}`;
