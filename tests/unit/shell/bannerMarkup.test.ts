import { describe, expect, it } from 'vitest';
import { boldSelection, isBannerLink, linkSelection } from '~/lib/bannerMarkup';
import { previewBanner, sanitizeBannerHtml } from '~/lib/server/platform/banner';

describe('the banner editor’s helpers', () => {
  it('Bold wraps the selection and selects the wrapped words', () => {
    const text = 'Maintenance tonight from 22:00';
    const wrapped = boldSelection(text, { start: 12, end: 19 });
    expect(wrapped.text).toBe('Maintenance <strong>tonight</strong> from 22:00');
    expect(wrapped.text.slice(wrapped.selection.start, wrapped.selection.end)).toBe('tonight');
  });

  it('Bold with nothing selected puts a placeholder at the cursor', () => {
    expect(boldSelection('Hello ', { start: 6, end: 6 }).text).toBe('Hello <strong>bold text</strong>');
  });

  it('Link wraps the selection in a link to the address, quotes escaped', () => {
    expect(linkSelection('Read the news', { start: 9, end: 13 }, ' https://letsema.test/a"b ').text).toBe(
      'Read the <a href="https://letsema.test/a&quot;b">news</a>',
    );
    expect(linkSelection('', { start: 0, end: 0 }, 'mailto:help@letsema.test').text).toBe(
      '<a href="mailto:help@letsema.test">mailto:help@letsema.test</a>',
    );
  });

  it('accepts only the links the banner keeps', () => {
    expect(isBannerLink('https://letsema.test')).toBe(true);
    expect(isBannerLink('mailto:help@letsema.test')).toBe(true);
    expect(isBannerLink('javascript:alert(1)')).toBe(false);
    expect(isBannerLink('https://')).toBe(false);
    expect(isBannerLink('letsema.test')).toBe(false);
    expect(isBannerLink('/home/links?tab=how')).toBe(true);
    expect(isBannerLink('//evil.test/x')).toBe(false);
  });
});

describe('the banner preview rule (the server’s allow-list)', () => {
  it('shows what saving keeps: bold and safe links, no scripts, styles or unsafe addresses', () => {
    const typed =
      '<p style="color:red"><strong>Tonight</strong> <a href="https://letsema.test" onclick="x()">news</a>' +
      '<a href="javascript:alert(1)">bad</a><script>alert(1)</script><img src=x onerror=alert(1)></p>';
    const kept =
      '<p><strong>Tonight</strong> <a href="https://letsema.test" rel="noopener noreferrer" target="_blank">news</a>' +
      '<a rel="noopener noreferrer" target="_blank">bad</a></p>';
    expect(previewBanner(typed)).toEqual({ message: kept });
    expect(previewBanner(typed).message).toBe(sanitizeBannerHtml(typed));
  });

  it('keeps links to pages of this site, and drops protocol-relative ones', () => {
    expect(previewBanner('<a href="/home">Home</a><a href="//evil.test">x</a>').message).toBe(
      '<a href="/home" rel="noopener noreferrer" target="_blank">Home</a><a rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('keeps the text of tags it removes', () => {
    expect(previewBanner('<h1>Big <u>news</u></h1>').message).toBe('Big news');
  });
});
