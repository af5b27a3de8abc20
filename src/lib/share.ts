/**
 * Sharing a campaign: the links of the share buttons and the plain-text
 * excerpt that link previews (Open Graph) and share messages carry.
 */

import { decodeHtmlEntities } from './htmlEntities';

export interface ShareLinks {
  whatsapp: string;
  facebook: string;
  x: string;
  email: string;
}

/** Share links for a page: WhatsApp, Facebook's sharer, an X post intent and an email. */
export function shareLinksFor(pageUrl: string, title: string): ShareLinks {
  const url = encodeURIComponent(pageUrl);
  const message = `${title} ${pageUrl}`;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(message)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(title)}&url=${url}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(
      `I thought you might like to support this campaign:\n\n${title}\n${pageUrl}`,
    )}`,
  };
}

/** The readable text of (sanitised) HTML: tags dropped, block ends as spaces, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|br|div|li|h[1-6]|blockquote|ul|ol)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeHtmlEntities(text).replace(/\s+/g, ' ').trim();
}

/** At most `max` characters of the text of `html`, cut at a word with an ellipsis when shortened. */
export function textExcerpt(html: string, max = 200): string {
  const text = htmlToText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
