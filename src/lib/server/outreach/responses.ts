import { WIDGET_CSP } from './widget';

/** A miss is not kept by the page cache (only 200s are), nor by a CDN. */
export function notFoundResponse(): Response {
  return new Response('Not found.', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export function xmlResponse(xml: string | null): Response {
  if (xml === null) return notFoundResponse();
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}

export function textResponse(text: string): Response {
  return new Response(text, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

export function svgResponse(svg: string): Response {
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml; charset=utf-8' } });
}

/** Shown in the browser's viewer (inline); saved as `fileName` when the visitor downloads it. */
export function pdfResponse(pdf: Uint8Array, fileName: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '')}"`,
    },
  });
}

/** The donate widget's document, with its own policy (securityHeaders leaves its framing open). */
export function widgetResponse(html: string): Response {
  return new Response(html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': WIDGET_CSP },
  });
}
