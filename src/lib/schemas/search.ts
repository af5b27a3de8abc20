import * as v from 'valibot';
import { PAGE_SIZES } from '~/lib/enums';
import { EVENT_SLUG_PATTERN } from '~/lib/eventLinks';
import { flag, nullableText, nullableUuid, oneMessagePerField } from './campaignFields';

// The two public searches' query parameters: `GET /campaigns/filter-campaigns/`
// (docs/api/campaigns.md) and `GET /organizations/filter-organizations/` (docs/api/organisations.md).
// Lists may be repeated or comma-joined; /find-campaign reads its pages through the same schemas.

const CAMPAIGN_ORDERS = ['newest', 'oldest', 'mostRaised', 'endingSoon'] as const;
export type CampaignOrder = (typeof CAMPAIGN_ORDERS)[number];

export const ORGANISATION_ORDERS = ['newest', 'name', 'mostRaised'] as const;
export type OrganisationOrder = (typeof ORGANISATION_ORDERS)[number];

const SEARCH_LIMITS = { text: 100, maxPageSize: 48, maxIds: 50 } as const;

export const SEARCH_MESSAGES = {
  searchTextTooLong: 'Search text must be at most 100 characters.',
  addressTooLong: 'The place must be at most 100 characters.',
  categories: 'Please choose categories from the list.',
  organizationId: 'organizationId must be a valid id.',
  event: 'event must be an event’s slug, as in /event/{slug}.',
  flag: 'Use true or false.',
  types: 'Please choose organisation types from the list.',
  sectors: 'Please choose sectors from the list.',
} as const;

/** A positive whole number from the query, or `fallback` when it is absent or malformed. */
export const pageNumber = (fallback: number, max: number) =>
  v.optional(
    v.fallback(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform((value) => Number(value)),
        v.check((n) => Number.isInteger(n) && n > 0),
        v.transform((n) => Math.min(n, max)),
      ),
      fallback,
    ),
    fallback,
  );

/** Lookup ids from `min` to `max` (at most `SEARCH_LIMITS.maxIds`), each once, in order; `message` for anything else. */
const lookupIds = (message: string, min: number, max: number) =>
  v.pipe(
    v.union([v.string(message), v.array(v.string(message))], message),
    v.transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
    v.check(
      (items) =>
        items.length <= SEARCH_LIMITS.maxIds &&
        items.every((item) => /^\d{1,6}$/.test(item) && Number(item) >= min && Number(item) <= max),
      message,
    ),
    v.transform((items) => [...new Set(items.map(Number))].sort((a, b) => a - b)),
  );

/** `event`: the slug of the event whose campaigns to show; empty is no filter. */
const eventSlug = v.pipe(
  v.nullable(v.string(SEARCH_MESSAGES.event)),
  v.transform((value) => value?.trim().toLowerCase() ?? ''),
  v.check((value) => value === '' || EVENT_SLUG_PATTERN.test(value), SEARCH_MESSAGES.event),
  v.transform((value): string | null => (value === '' ? null : value)),
);

/** What both searches take: their words, their place and the page. */
const textAndPage = (pageSize: number) => ({
  searchText: v.optional(nullableText(SEARCH_LIMITS.text, SEARCH_MESSAGES.searchTextTooLong)),
  address: v.optional(nullableText(SEARCH_LIMITS.text, SEARCH_MESSAGES.addressTooLong)),
  pageNo: pageNumber(1, 1_000_000),
  pageSize: pageNumber(pageSize, SEARCH_LIMITS.maxPageSize),
});

/** An order from `orders`; an unknown one is not worth a failed page: the default applies. */
const orderOf = <O extends string>(orders: readonly [O, ...O[]]) =>
  v.optional(v.fallback(v.picklist(orders), orders[0]), orders[0]);

export const campaignSearchSchema = oneMessagePerField(
  v.object({
    ...textAndPage(PAGE_SIZES.campaignSearch),
    campaignCategoryIds: v.optional(lookupIds(SEARCH_MESSAGES.categories, 0, 16), []),
    organizationId: v.optional(nullableUuid(SEARCH_MESSAGES.organizationId)),
    event: v.optional(eventSlug),
    featured: v.optional(flag(SEARCH_MESSAGES.flag), false),
    topSupported: v.optional(flag(SEARCH_MESSAGES.flag), false),
    orderBy: orderOf(CAMPAIGN_ORDERS),
  }),
);
export type CampaignSearchInput = v.InferOutput<typeof campaignSearchSchema>;

export const organisationSearchSchema = oneMessagePerField(
  v.object({
    ...textAndPage(PAGE_SIZES.organisationSearch),
    organizationTypeIds: v.optional(lookupIds(SEARCH_MESSAGES.types, 1, 999_999), []),
    organizationSectorIds: v.optional(lookupIds(SEARCH_MESSAGES.sectors, 1, 999_999), []),
    orderBy: orderOf(ORGANISATION_ORDERS),
  }),
);
export type OrganisationSearchInput = v.InferOutput<typeof organisationSearchSchema>;

/** Query parameters as the schemas take them: a list where a name repeats, else its one value. */
export function searchParamsInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    input[key] = values.length > 1 ? values : (values[0] ?? '');
  }
  return input;
}
