import type { APIContext } from 'astro';
import { badRequest } from './errors';
import { NUL_MESSAGE } from './nul';

/**
 * Reads an application/x-www-form-urlencoded body (the gateways' notifications)
 * as its raw text, which their signatures are computed over. A %00 in it is a
 * 400 here, before the background booking could carry a NUL to PostgreSQL.
 * The size limit is the middleware's (middleware/bodyLimit.ts).
 */
export async function readUrlEncodedText(ctx: Pick<APIContext, 'request'>): Promise<string> {
  const text = await ctx.request.text();
  for (const [name, value] of new URLSearchParams(text)) {
    if (name.includes('\0') || value.includes('\0')) throw badRequest(NUL_MESSAGE);
  }
  return text;
}
