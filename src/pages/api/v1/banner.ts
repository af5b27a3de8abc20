import type { APIRoute } from 'astro';
import { getCurrentBanner } from '~/lib/server/banner';
import { ok } from '~/lib/server/http';

export const GET: APIRoute = async ({ url }) => ok(await getCurrentBanner(url.hostname));
