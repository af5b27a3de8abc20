import { m } from '~/lib/i18n';

/**
 * The tabs of /home/links (SPEC §2): ?tab=how|about|privacy|terms, and for
 * about, ?about_tab=first (Fees & Payouts) or second (Contact Us).
 * Unknown values fall back to how / the About us page. `label` is the English name; the page
 * shows `infoTabLabel` / `aboutTabLabel`, in its language.
 */
export const INFO_TABS = [
  { tab: 'how', label: 'How it works', page: 'how-it-works' },
  { tab: 'about', label: 'About us', page: 'about' },
  { tab: 'privacy', label: 'Privacy Policy', page: 'privacy' },
  { tab: 'terms', label: 'Terms & Conditions', page: 'terms' },
] as const;

export const ABOUT_TABS = [
  { aboutTab: null, label: 'About us', page: 'about' },
  { aboutTab: 'first', label: 'Fees & Payouts', page: 'fees-and-payouts' },
  { aboutTab: 'second', label: 'Contact us', page: 'contact' },
] as const;

export type InfoTab = (typeof INFO_TABS)[number]['tab'];
export type AboutTab = (typeof ABOUT_TABS)[number]['aboutTab'];

export interface InfoSelection {
  tab: InfoTab;
  aboutTab: AboutTab;
  /** Id of the markdown entry in the `pages` collection. */
  page: string;
}

/** A tab's name in the current language (called while rendering). */
export function infoTabLabel(tab: InfoTab): string {
  switch (tab) {
    case 'how':
      return m.layout_how_it_works();
    case 'about':
      return m.layout_about_us();
    case 'privacy':
      return m.layout_privacy_policy();
    case 'terms':
      return m.layout_terms();
  }
}

/** An about sub-tab's name in the current language (called while rendering). */
export function aboutTabLabel(aboutTab: AboutTab): string {
  switch (aboutTab) {
    case 'first':
      return m.layout_fees_payouts();
    case 'second':
      return m.layout_contact_us();
    default:
      return m.layout_about_us();
  }
}

/** The tab and page a query string asks for. */
export function selectInfoTab(search: URLSearchParams): InfoSelection {
  const tab = INFO_TABS.find((t) => t.tab === search.get('tab')) ?? INFO_TABS[0];
  if (tab.tab !== 'about') return { tab: tab.tab, aboutTab: null, page: tab.page };
  const about = ABOUT_TABS.find((t) => t.aboutTab === search.get('about_tab')) ?? ABOUT_TABS[0];
  return { tab: 'about', aboutTab: about.aboutTab, page: about.page };
}

/** The URL of a tab (and about sub-tab). */
export function infoTabHref(tab: InfoTab, aboutTab: AboutTab = null): string {
  const query = new URLSearchParams({ tab });
  if (tab === 'about' && aboutTab) query.set('about_tab', aboutTab);
  return `/home/links?${query.toString()}`;
}
