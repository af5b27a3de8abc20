import { describe, expect, it } from 'vitest';
import { sanitizeStoryHtml, textOfHtml } from '~/lib/server/platform/sanitizeHtml';

describe('sanitizeStoryHtml', () => {
  it('keeps the allow-list', () => {
    const html =
      '<h2>Why</h2><p>Line<br>break <strong>b</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <s>s</s></p>' +
      '<h3>How</h3><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>';
    // Void elements come back self-closed.
    expect(sanitizeStoryHtml(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('drops scripts, handlers, styles, frames and images, keeping the text around them', () => {
    expect(
      sanitizeStoryHtml(
        '<p style="color:red" onclick="x()">Hi <script>alert(1)</script><img src=x onerror=alert(2)>there' +
          '<style>p{}</style><iframe src="https://evil"></iframe><span class="c">!</span></p><h1>Title</h1>',
      ),
    ).toBe('<p>Hi there!</p>Title');
  });

  it('keeps http, https and mailto links with rel, and strips other schemes and attributes', () => {
    expect(
      sanitizeStoryHtml(
        '<a href="https://x.org" target="_blank" title="t">a</a><a href="mailto:me@x.org">b</a>' +
          '<a href="javascript:alert(1)">c</a><a href="data:text/html,hi">d</a><a href="//evil.org">e</a>' +
          '<a href="JaVaScRiPt:alert(1)">f</a>',
      ),
    ).toBe(
      '<a href="https://x.org" rel="noopener noreferrer nofollow">a</a>' +
        '<a href="mailto:me@x.org" rel="noopener noreferrer nofollow">b</a>' +
        '<a rel="noopener noreferrer nofollow">c</a><a rel="noopener noreferrer nofollow">d</a>' +
        '<a rel="noopener noreferrer nofollow">e</a><a rel="noopener noreferrer nofollow">f</a>',
    );
  });

  it('escapes what is not markup', () => {
    expect(sanitizeStoryHtml('<p>1 < 2 & "quotes"</p>')).toBe('<p>1 &lt; 2 &amp; "quotes"</p>');
  });
});

describe('textOfHtml', () => {
  it('is the readable text: entities decoded, blocks separated, whitespace collapsed', () => {
    expect(
      textOfHtml('<p>Tom &amp; Jerry</p><p>Gogo&#39;s&nbsp;house</p><ul><li>a</li><li>b</li></ul>'),
    ).toBe("Tom & Jerry Gogo's house a b");
    expect(textOfHtml('<p><strong></strong><em> </em></p>')).toBe('');
  });
});
