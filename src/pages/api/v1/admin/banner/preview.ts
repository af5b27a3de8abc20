import type { APIRoute } from 'astro';
import { bannerPreviewSchema } from '~/lib/schemas/adminRequests';
import { requireAdmin } from '~/lib/server/accounts/session';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { previewBanner } from '~/lib/server/platform/banner';

/** The banner message as saving it would keep it (the server's allow-list), stores nothing. */
export const POST: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  const { message } = parseInput(bannerPreviewSchema, await readJson(ctx));
  return ok(previewBanner(message));
};
