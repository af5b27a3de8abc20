/**
 * Sharing a campaign: the links of the share buttons and the plain-text
 * excerpt that link previews (Open Graph) and share messages carry.
 */

import { m } from '~/lib/i18n';
import { decodeHtmlEntities } from './htmlEntities';
import type { ReferralChannel } from './referralChannels';

/**
 * `url` with `?ref={channel}` (or `&ref=`) added: what a shared link says of where it was
 * shared (src/lib/referralChannels.ts). Here, with the share links, so the pages that share load no more.
 */
export function withReferral(url: string, channel: ReferralChannel): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  return `${base}${base.includes('?') ? '&' : '?'}ref=${channel}${fragment}`;
}

export interface ShareLinks {
  whatsapp: string;
  facebook: string;
  x: string;
  email: string;
}

/**
 * Whose words a share message is in: a visitor passing the page on, or a donor who just gave
 * (on /thanks), whose friends are likelier to follow someone they know.
 */
export type ShareVoice = 'visitor' | 'donor';

/** The message's words before the address, in the current language (the page's, or the mail's). */
function messageLead(name: string, voice: ShareVoice): string {
  return voice === 'donor' ? m.campaign_share_lead_donor({ name }) : m.campaign_share_lead_visitor({ name });
}

/** The prefilled message of a share (WhatsApp's text, an email's body): its words, then the address. */
export function shareMessage(name: string, pageUrl: string, voice: ShareVoice = 'visitor'): string {
  return `${messageLead(name, voice)} ${pageUrl}`;
}

/**
 * Share links for a page: WhatsApp, Facebook's sharer, an X post intent and an email, each with the
 * message. The address each one shares carries `?ref={channel}`, so the gifts it brings are counted
 * under that channel on the owner's dashboard (src/lib/referralChannels.ts).
 */
export function shareLinksFor(pageUrl: string, title: string, voice: ShareVoice = 'visitor'): ShareLinks {
  const whatsapp = shareMessage(title, withReferral(pageUrl, 'whatsapp'), voice);
  const email = shareMessage(title, withReferral(pageUrl, 'email'), voice);
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(whatsapp)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(withReferral(pageUrl, 'facebook'))}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(messageLead(title, voice))}&url=${encodeURIComponent(withReferral(pageUrl, 'x'))}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(email)}`,
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
