import sanitizeHtml from 'sanitize-html';
import { decodeHtmlEntities } from '~/lib/htmlEntities';

/**
 * The story and update allow-list (docs/api/campaigns.md): paragraphs, line
 * breaks, emphasis, two heading levels, lists, quotes and http(s)/mailto links.
 * Everything else goes; the text of a removed tag stays, except inside script,
 * style and the like, which disappear whole. Tokens live in localStorage, so
 * this is part of authentication, not decoration.
 */
const STORY_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
  ],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

/** A story or update's HTML reduced to the allow-list. */
export function sanitizeStoryHtml(html: string): string {
  return sanitizeHtml(html, STORY_HTML).trim();
}

/** The readable text of (sanitised) HTML, whitespace collapsed: what "50 characters of story" counts. */
export function textOfHtml(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/li|\/h[23]|\/blockquote)\b[^>]*>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return decodeHtmlEntities(text).replace(/\s+/g, ' ').trim();
}
