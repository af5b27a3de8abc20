/**
 * The site banner's HTML: the allow-list the server keeps (src/lib/server/platform/banner.ts
 * sanitises with it, and the editor's preview asks the server to apply it), and the editor's
 * helpers that wrap the selected text in bold or a link.
 */

/** The tags a banner keeps; everything else is removed (its text stays, scripts and styles go whole). */
export const BANNER_TAGS = ['a', 'b', 'strong', 'em', 'i', 'p', 'br', 'span'] as const;

/** The schemes a banner link may use; any other link loses its address. */
export const BANNER_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

export const BANNER_LINK_MESSAGE =
  'Please enter a link starting with https://, http://, mailto: or / (a page of this site).';

/** True for an address a banner link keeps: a full http or https address, a mailto: address, or a path of this site. */
export function isBannerLink(href: string): boolean {
  const address = href.trim();
  // A path of this site ('/home'); '//host' would be another site's, which the server removes.
  if (/^\/(?![/\\])\S*$/.test(address)) return true;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  const scheme = url.protocol.slice(0, -1);
  if (!(BANNER_LINK_SCHEMES as readonly string[]).includes(scheme)) return false;
  return scheme === 'mailto' ? url.pathname.length > 0 : url.hostname.length > 0;
}

/** Where the cursor or selection is in the message: start and end offsets. */
export interface TextSelection {
  start: number;
  end: number;
}

/** The message after a helper ran, and the text to select then (what was wrapped). */
export interface Wrapped {
  text: string;
  selection: TextSelection;
}

/** Wraps the selection in `open` … `close`; with nothing selected, wraps `placeholder` at the cursor. */
export function wrapSelection(
  text: string,
  selection: TextSelection,
  open: string,
  close: string,
  placeholder: string,
): Wrapped {
  const start = Math.max(0, Math.min(selection.start, selection.end, text.length));
  const end = Math.min(text.length, Math.max(selection.start, selection.end));
  const inner = text.slice(start, end) || placeholder;
  return {
    text: `${text.slice(0, start)}${open}${inner}${close}${text.slice(end)}`,
    selection: { start: start + open.length, end: start + open.length + inner.length },
  };
}

/** The selection in bold: `<strong>…</strong>`. */
export const boldSelection = (text: string, selection: TextSelection): Wrapped =>
  wrapSelection(text, selection, '<strong>', '</strong>', 'bold text');

const attribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The selection as a link to `href` (the address itself when nothing is selected). */
export function linkSelection(text: string, selection: TextSelection, href: string): Wrapped {
  const address = href.trim();
  return wrapSelection(text, selection, `<a href="${attribute(address)}">`, '</a>', address);
}
