import type { APIRoute } from 'astro';
import { textResponse } from '~/lib/server/outreach/responses';
import { robotsTxt } from '~/lib/server/outreach/robots';

export const GET: APIRoute = () => textResponse(robotsTxt());
