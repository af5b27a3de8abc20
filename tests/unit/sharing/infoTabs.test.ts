import { describe, expect, it } from 'vitest';
import { infoTabHref, selectInfoTab } from '~/lib/server/outreach/infoTabs';

const select = (query: string) => selectInfoTab(new URLSearchParams(query));

describe('information page tabs', () => {
  it('selects the markdown page of each tab', () => {
    expect(select('tab=how')).toEqual({ tab: 'how', aboutTab: null, page: 'how-it-works' });
    expect(select('tab=privacy').page).toBe('privacy');
    expect(select('tab=terms').page).toBe('terms');
    expect(select('tab=about')).toEqual({ tab: 'about', aboutTab: null, page: 'about' });
  });
  it('selects Fees & Payouts and Contact Us as about sub-tabs', () => {
    expect(select('tab=about&about_tab=first')).toEqual({
      tab: 'about',
      aboutTab: 'first',
      page: 'fees-and-payouts',
    });
    expect(select('tab=about&about_tab=second')).toEqual({
      tab: 'about',
      aboutTab: 'second',
      page: 'contact',
    });
    expect(select('tab=about&about_tab=third').page).toBe('about');
  });
  it('falls back to how it works for a missing or unknown tab', () => {
    expect(select('').tab).toBe('how');
    expect(select('tab=blog').tab).toBe('how');
    expect(select('tab=how&about_tab=first').aboutTab).toBeNull();
  });
  it('builds the links the sidebar and footer use', () => {
    expect(infoTabHref('how')).toBe('/home/links?tab=how');
    expect(infoTabHref('about', 'first')).toBe('/home/links?tab=about&about_tab=first');
    expect(infoTabHref('privacy', 'second')).toBe('/home/links?tab=privacy');
  });
});
