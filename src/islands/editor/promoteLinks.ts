/** The addresses the Share & promote tab hands out; the routes are src/pages/campaign/[url]/ and src/pages/embed/. */

export const WIDGET_SIZE = { width: 360, height: 420 } as const;

const path = (url: string): string => encodeURIComponent(url);

export const shortLinkOf = (origin: string, shortUrl: string): string => `${origin}/${path(shortUrl)}`;
export const qrCodeHref = (url: string): string => `/campaign/${path(url)}/qr.svg`;
/** The A4 poster; `snapscan` adds the campaign's SnapScan code beside its own (where it takes SnapScan). */
export const posterHref = (url: string, snapscan = false): string =>
  `/campaign/${path(url)}/poster.pdf${snapscan ? '?snapscan=1' : ''}`;
export const widgetHref = (origin: string, url: string): string => `${origin}/embed/campaign/${path(url)}`;

const attribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The snippet an owner pastes into their own site's HTML. */
export function widgetSnippet(origin: string, campaign: { url: string; name: string }): string {
  return (
    `<iframe src="${attribute(widgetHref(origin, campaign.url))}" width="${WIDGET_SIZE.width}" ` +
    `height="${WIDGET_SIZE.height}" style="border:0" loading="lazy" ` +
    `title="${attribute(`Donate to ${campaign.name}`)}"></iframe>`
  );
}
