import * as v from 'valibot';
import { PAGE_SIZES } from '~/lib/enums';
import { nullableText, oneMessagePerField } from './campaignFields';
import { pageNumber } from './campaignSearch';

/** `GET /organizations/filter-organizations/` (docs/api/organisations.md): query parameters, repeated or comma-joined lists. */

export const ORGANISATION_ORDERS = ['newest', 'name', 'mostRaised'] as const;
export type OrganisationOrder = (typeof ORGANISATION_ORDERS)[number];

const ORGANISATION_SEARCH_LIMITS = { text: 100, maxPageSize: 48, maxIds: 50 } as const;

export const ORGANISATION_SEARCH_MESSAGES = {
  searchTextTooLong: 'Search text must be at most 100 characters.',
  addressTooLong: 'The place must be at most 100 characters.',
  types: 'Please choose organisation types from the list.',
  sectors: 'Please choose sectors from the list.',
} as const;

/** Lookup ids (whole numbers from 1), each once; `message` for anything else. */
const lookupIds = (message: string) =>
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
        items.length <= ORGANISATION_SEARCH_LIMITS.maxIds &&
        items.every((item) => /^\d{1,6}$/.test(item) && Number(item) > 0),
      message,
    ),
    v.transform((items) => [...new Set(items.map(Number))].sort((a, b) => a - b)),
  );

export const organisationSearchSchema = oneMessagePerField(
  v.object({
    searchText: v.optional(
      nullableText(ORGANISATION_SEARCH_LIMITS.text, ORGANISATION_SEARCH_MESSAGES.searchTextTooLong),
    ),
    address: v.optional(
      nullableText(ORGANISATION_SEARCH_LIMITS.text, ORGANISATION_SEARCH_MESSAGES.addressTooLong),
    ),
    organizationTypeIds: v.optional(lookupIds(ORGANISATION_SEARCH_MESSAGES.types), []),
    organizationSectorIds: v.optional(lookupIds(ORGANISATION_SEARCH_MESSAGES.sectors), []),
    // An unknown order is not worth a failed page: the default applies.
    orderBy: v.optional(v.fallback(v.picklist(ORGANISATION_ORDERS), 'newest'), 'newest'),
    pageNo: pageNumber(1, 1_000_000),
    pageSize: pageNumber(PAGE_SIZES.organisationSearch, ORGANISATION_SEARCH_LIMITS.maxPageSize),
  }),
);
export type OrganisationSearchInput = v.InferOutput<typeof organisationSearchSchema>;
