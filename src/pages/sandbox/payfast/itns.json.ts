import type { APIRoute } from 'astro';
import { listItns } from '~/lib/server/sandbox/payfastSandbox';
import { sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

/** GET /sandbox/payfast/itns.json (sandbox only): the ITNs sent, newest first, so tests can replay one. */
export const GET: APIRoute = (ctx) => sandboxOff(ctx) ?? sandboxJson(200, listItns());
