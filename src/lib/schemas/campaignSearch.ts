import * as v from 'valibot';
import { PAGE_SIZES } from '~/lib/enums';
import { EVENT_SLUG_PATTERN } from '~/lib/eventLinks';
import { flag, nullableText, nullableUuid, oneMessagePerField } from './campaignFields';

/** `GET /campaigns/filter-campaigns/` (docs/api/campaigns.md): query parameters, repeated or comma-joined lists. */

const CAMPAIGN_ORDERS = ['newest', 'oldest', 'mostRaised', 'endingSoon'] as const;
export type CampaignOrder = (typeof CAMPAIGN_ORDERS)[number];

const CAMPAIGN_SEARCH_LIMITS = { text: 100, maxPageSize: 48 } as const;

const CAMPAIGN_SEARCH_MESSAGES = {
  searchTextTooLong: 'Search text must be at most 100 characters.',
  addressTooLong: 'The place must be at most 100 characters.',
  categories: 'Please choose categories from the list.',
  organizationId: 'organizationId must be a valid id.',
  event: 'event must be an event’s slug, as in /event/{slug}.',
  flag: 'Use true or false.',
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

/** `event`: the slug of the event whose campaigns to show; empty is no filter. */
const eventSlug = v.pipe(
  v.nullable(v.string(CAMPAIGN_SEARCH_MESSAGES.event)),
  v.transform((value) => value?.trim().toLowerCase() ?? ''),
  v.check((value) => value === '' || EVENT_SLUG_PATTERN.test(value), CAMPAIGN_SEARCH_MESSAGES.event),
  v.transform((value): string | null => (value === '' ? null : value)),
);

const categoryIds = v.pipe(
  v.union([
    v.string(CAMPAIGN_SEARCH_MESSAGES.categories),
    v.array(v.string(CAMPAIGN_SEARCH_MESSAGES.categories)),
  ]),
  v.transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  ),
  v.check(
    (items) => items.length <= 17 && items.every((item) => /^\d{1,2}$/.test(item) && Number(item) <= 16),
    CAMPAIGN_SEARCH_MESSAGES.categories,
  ),
  v.transform((items) => [...new Set(items.map(Number))]),
);

export const campaignSearchSchema = oneMessagePerField(
  v.object({
    searchText: v.optional(
      nullableText(CAMPAIGN_SEARCH_LIMITS.text, CAMPAIGN_SEARCH_MESSAGES.searchTextTooLong),
    ),
    address: v.optional(nullableText(CAMPAIGN_SEARCH_LIMITS.text, CAMPAIGN_SEARCH_MESSAGES.addressTooLong)),
    campaignCategoryIds: v.optional(categoryIds, []),
    organizationId: v.optional(nullableUuid(CAMPAIGN_SEARCH_MESSAGES.organizationId)),
    event: v.optional(eventSlug),
    featured: v.optional(flag(CAMPAIGN_SEARCH_MESSAGES.flag), false),
    topSupported: v.optional(flag(CAMPAIGN_SEARCH_MESSAGES.flag), false),
    // An unknown order is not worth a failed page: the default applies.
    orderBy: v.optional(v.fallback(v.picklist(CAMPAIGN_ORDERS), 'newest'), 'newest'),
    pageNo: pageNumber(1, 1_000_000),
    pageSize: pageNumber(PAGE_SIZES.campaignSearch, CAMPAIGN_SEARCH_LIMITS.maxPageSize),
  }),
);
export type CampaignSearchInput = v.InferOutput<typeof campaignSearchSchema>;

/** Query parameters as the schema takes them: a list where a name repeats, else its one value. */
export function searchParamsInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    input[key] = values.length > 1 ? values : (values[0] ?? '');
  }
  return input;
}
