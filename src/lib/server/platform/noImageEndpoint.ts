import type { APIRoute } from 'astro';

/**
 * Astro's image endpoint (`/_image`), switched off: the app stores its own
 * WebP widths on upload (platform/files.ts) and never asks Astro to transform
 * an image, so the route only let anyone spend seconds of CPU per URL.
 * astro.config.mjs points `image.endpoint` here.
 */
export const GET: APIRoute = () =>
  new Response('Not found.', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
