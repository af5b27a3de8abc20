import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { preferredLanguage, SITE_LOCALES } from '~/lib/i18n/acceptLanguage';
import { languageLinks } from '~/lib/i18n/alternates';
import { locales, preferredLocale } from '~/lib/i18n/languages';
import { isTranslatedPath, localizeHref, splitLocalePath } from '~/lib/i18n/paths';
import { pageCacheKey } from '../../../server/cachedPages.ts';

// Issue 27: which addresses speak which language, and how a caller's language is read.

describe('addresses in a language', () => {
  it('takes the language off the first segment, and only ours', () => {
    expect(splitLocalePath('/zu/campaign/x')).toEqual({ locale: 'zu', path: '/campaign/x' });
    expect(splitLocalePath('/af')).toEqual({ locale: 'af', path: '/' });
    expect(splitLocalePath('/st/')).toEqual({ locale: 'st', path: '/' });
    expect(splitLocalePath('/en/home')).toEqual({ locale: 'en', path: '/en/home' });
    expect(splitLocalePath('/fr/home')).toEqual({ locale: 'en', path: '/fr/home' });
    expect(splitLocalePath('/zulu')).toEqual({ locale: 'en', path: '/zulu' });
    expect(splitLocalePath('/campaign/zu')).toEqual({ locale: 'en', path: '/campaign/zu' });
  });

  it('gives a translated page its address in a language, and leaves the rest alone', () => {
    expect(localizeHref('/campaign/books?ref=qr#story', 'zu')).toBe('/zu/campaign/books?ref=qr#story');
    expect(localizeHref('/home/links?tab=how', 'xh')).toBe('/xh/home/links?tab=how');
    expect(localizeHref('/', 'af')).toBe('/af');
    expect(localizeHref('/books-for-kgosi', 'st')).toBe('/st/books-for-kgosi');
    expect(localizeHref('/zu/campaign/books', 'af')).toBe('/af/campaign/books');
    expect(localizeHref('/zu/campaign/books', 'en')).toBe('/campaign/books');
    for (const englishOnly of [
      '/campaign/start?new',
      '/campaign/edit/1',
      '/organization/register',
      '/admin',
      '/payout/x',
      '/owner-mail',
      '/api/v1/health',
      '/_astro/x.js',
      '/files/a.png',
      '/report?campaign=x',
    ])
      expect(localizeHref(englishOnly, 'zu'), englishOnly).toBe(englishOnly);
    expect(localizeHref('https://example.org/home', 'zu')).toBe('https://example.org/home');
    expect(localizeHref('//example.org/home', 'zu')).toBe('//example.org/home');
    expect(localizeHref('#faq', 'zu')).toBe('#faq');
  });

  it('counts a language root as no page of its own', () => {
    expect(isTranslatedPath('/zu')).toBe(false);
    expect(isTranslatedPath('/home')).toBe(true);
  });

  it('lists the same page in the five languages, English first; none for an English-only page', () => {
    expect(languageLinks('/event/x', '?a=1').map((link) => link.href)).toEqual([
      '/event/x?a=1',
      '/zu/event/x?a=1',
      '/xh/event/x?a=1',
      '/af/event/x?a=1',
      '/st/event/x?a=1',
    ]);
    expect(languageLinks('/campaign/edit/3')).toEqual([]);
  });
});

describe('a caller’s language', () => {
  it('is the first of ours by q-value, English included, else none', () => {
    expect(preferredLocale('zu-ZA,zu;q=0.9,en;q=0.8')).toBe('zu');
    expect(preferredLocale('en-ZA, af;q=0.5')).toBe('en');
    expect(preferredLocale('fr, af;q=0.3, xh;q=0.7')).toBe('xh');
    expect(preferredLocale('de, fr')).toBeNull();
    expect(preferredLocale('st;q=0, af;q=0.1')).toBe('af');
    expect(preferredLocale('')).toBeNull();
    expect(preferredLocale(undefined)).toBeNull();
  });

  it('knows the same languages as the compiled messages', () => {
    expect([...SITE_LOCALES]).toEqual([...locales]);
    expect(preferredLanguage('AF-za', SITE_LOCALES)).toBe('af');
  });

  it('keys an API answer in the page cache by its language, and a page by its address only', () => {
    const request = (url: string, language?: string) =>
      ({
        method: 'GET',
        url,
        headers: { host: 'letsema.test', ...(language && { 'accept-language': language }) },
      }) as unknown as IncomingMessage;
    expect(pageCacheKey(request('/api/v1/lookups', 'zu'))).toBe('letsema.test/api/v1/lookups#zu');
    expect(pageCacheKey(request('/api/v1/lookups'))).toBe('letsema.test/api/v1/lookups#en');
    expect(pageCacheKey(request('/api/v1/lookups', 'fr, en'))).toBe('letsema.test/api/v1/lookups#en');
    expect(pageCacheKey(request('/zu/home', 'af'))).toBe('letsema.test/zu/home');
    expect(pageCacheKey(request('/home', 'zu'))).toBe('letsema.test/home');
  });
});
