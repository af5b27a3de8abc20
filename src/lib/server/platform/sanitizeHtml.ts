import sanitizeHtml from 'sanitize-html';

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

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

function codePoint(reference: string): string | null {
  const code = reference.startsWith('#x')
    ? Number.parseInt(reference.slice(2), 16)
    : reference.startsWith('#')
      ? Number(reference.slice(1))
      : Number.NaN;
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

/** The readable text of (sanitised) HTML, whitespace collapsed: what "50 characters of story" counts. */
export function textOfHtml(html: string): string {
  return sanitizeHtml(html.replace(/<(br|\/p|\/li|\/h[23]|\/blockquote)\b[^>]*>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? codePoint(name) ?? whole)
    .replace(/\s+/g, ' ')
    .trim();
}
