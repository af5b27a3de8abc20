import type { APIRoute } from 'astro';
import { notFound } from '~/lib/server/http/errors';

/** Any /api/v1 path no endpoint claims: a JSON 404 rather than the HTML not-found page. */
export const ALL: APIRoute = (ctx) => {
  throw notFound(`No API endpoint at ${ctx.request.method} ${ctx.url.pathname}.`);
};
