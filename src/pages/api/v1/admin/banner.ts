import type { APIRoute } from 'astro';
import { bannerSchema } from '~/lib/schemas/adminRequests';
import { requireAdmin } from '~/lib/server/accounts/session';
import { ADMIN_API_MESSAGES } from '~/lib/server/admin/messages';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { getCurrentBanner, replaceBanner } from '~/lib/server/platform/banner';

/** The newest banner, for any host (null when there never was one). */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  return ok(await getCurrentBanner());
};

/** A new banner (a new id) replaces the old one. */
export const PUT: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = parseInput(bannerSchema, await readJson(ctx));
  return ok(await replaceBanner(admin, input), ADMIN_API_MESSAGES.bannerSaved);
};
