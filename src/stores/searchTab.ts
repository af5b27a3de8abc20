import { m } from '~/lib/i18n';

/** The tabs of /find-campaign (SPEC §3 search state: the current tab, 'campaigns' by default). */
export const SEARCH_TABS = ['campaigns', 'organisations'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
export const DEFAULT_SEARCH_TAB: SearchTab = 'campaigns';

export const SEARCH_TAB_LABELS: Readonly<Record<SearchTab, string>> = {
  campaigns: 'Campaigns',
  organisations: 'Organisations',
};

/** A tab's label in the page's language (SEARCH_TAB_LABELS is the English). */
export function searchTabLabel(tab: SearchTab): string {
  return tab === 'organisations' ? m.search_organisations() : m.search_campaigns();
}

/** The tab of a /find-campaign address (`?tab=organisations`); anything else is the default. */
export function parseSearchTab(params: URLSearchParams): SearchTab {
  const tab = params.get('tab');
  return (SEARCH_TABS as readonly string[]).includes(tab ?? '') ? (tab as SearchTab) : DEFAULT_SEARCH_TAB;
}

/** The address of a tab with no search yet; the default tab keeps the plain /find-campaign. */
export function searchTabHref(tab: SearchTab): string {
  return tab === DEFAULT_SEARCH_TAB ? '/find-campaign' : `/find-campaign?tab=${tab}`;
}
