import { describe, expect, it } from 'vitest';
import { htmlToText, shareLinksFor, textExcerpt } from '~/lib/share';

describe('share links', () => {
  const links = shareLinksFor('https://letsema.org.za/campaign/help-lwazi', 'Help Lwazi walk again & run');

  it('sends WhatsApp the title and the address as one message', () => {
    expect(links.whatsapp).toBe(
      'https://wa.me/?text=Help%20Lwazi%20walk%20again%20%26%20run%20https%3A%2F%2Fletsema.org.za%2Fcampaign%2Fhelp-lwazi',
    );
  });
  it("gives Facebook's sharer the address and X's intent the title and address", () => {
    expect(links.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fletsema.org.za%2Fcampaign%2Fhelp-lwazi',
    );
    const x = new URL(links.x);
    expect(x.origin + x.pathname).toBe('https://x.com/intent/post');
    expect(x.searchParams.get('text')).toBe('Help Lwazi walk again & run');
    expect(x.searchParams.get('url')).toBe('https://letsema.org.za/campaign/help-lwazi');
  });
  it('writes an email with the title as subject and the address in the body', () => {
    expect(links.email.startsWith('mailto:?subject=Help%20Lwazi%20walk%20again%20%26%20run&body=')).toBe(
      true,
    );
    const body = decodeURIComponent(links.email.split('&body=')[1] ?? '');
    expect(body).toContain('https://letsema.org.za/campaign/help-lwazi');
  });
});

describe('text of a story', () => {
  it('drops tags, keeps words of neighbouring blocks apart and decodes entities', () => {
    expect(
      htmlToText('<p>Lwazi&rsquo;s <strong>surgery</strong></p><p>R&nbsp;350&#160;000 &amp; rehab</p>'),
    ).toBe('Lwazi’s surgery R 350 000 & rehab');
    expect(htmlToText('<ul><li>one</li><li>two</li></ul>line<br>break')).toBe('one two line break');
  });
  it('leaves unknown entities as written', () => {
    expect(htmlToText('a &bogus; b')).toBe('a &bogus; b');
  });
});

describe('excerpt', () => {
  it('is the whole text when short enough', () => {
    expect(textExcerpt('<p>Short story.</p>', 200)).toBe('Short story.');
  });
  it('cuts at a word and adds an ellipsis, within the limit', () => {
    const story = `<p>${'word '.repeat(60)}</p>`;
    const excerpt = textExcerpt(story, 50);
    expect(excerpt.length).toBeLessThanOrEqual(50);
    expect(excerpt.endsWith('word…')).toBe(true);
  });
  it('cuts a very long word mid-word rather than returning nothing', () => {
    const excerpt = textExcerpt('a'.repeat(300), 20);
    expect(excerpt).toBe(`${'a'.repeat(19)}…`);
  });
});
