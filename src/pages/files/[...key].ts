import type { APIRoute } from 'astro';
import { fileResponse } from '~/lib/server/http/fileResponse';
import { openStoredFile } from '~/lib/server/platform/files';

const notFound = (): Response =>
  new Response('Not found.', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

/** Stored files by key; private ones only to their owner or an admin, and a 404 to everyone else. */
export const GET: APIRoute = async (ctx) => {
  const file = await openStoredFile(ctx.params.key ?? '', ctx.locals.user);
  return file ? fileResponse(file, ctx.request) : notFound();
};
