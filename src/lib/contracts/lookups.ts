/** The lookup lists of docs/api (categories, events, banks, currencies…), as the server answers them. Types only. */

export interface IdName {
  id: number;
  name: string;
}

export interface SubCategory extends IdName {
  campaignCategoryId: number;
}

/** `GET /campaigns/categories/`: a category with its sub-categories. */
export interface CategoryLookup extends IdName {
  subCategories: SubCategory[];
}

/** `GET /events/`: the active events. */
export interface EventLookup extends IdName {
  /** The path segment of the event's public page: /event/{slug}. */
  slug: string;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
  location: string | null;
}

/** `GET /paysoft/banks` and `GET /account-types/`. */
export interface PaysoftLookup extends IdName {
  paysoftMapping: string | null;
}

/** `GET /paysoft/banks`: `former` marks a bank that no longer exists (kept for the accounts that name it). */
export interface BankLookup extends PaysoftLookup {
  former: boolean;
}

/** `GET /currencies`. */
export interface CurrencyInfo extends IdName {
  ticker: string;
  symbol: string;
  locale: string;
}

/** `GET /organizations/list/`. */
export interface OrganisationMinimal {
  id: string;
  legalName: string;
  totalCampaigns: number;
}
