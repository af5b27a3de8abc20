import type { APIRoute } from 'astro';
import { ok } from '~/lib/server/http/responses';
import { getCurrentBanner } from '~/lib/server/platform/banner';

export const GET: APIRoute = async ({ url }) => ok(await getCurrentBanner(url.hostname));
