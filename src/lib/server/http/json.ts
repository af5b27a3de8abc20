import type { APIContext } from 'astro';
import { badRequest } from './errors';
import { assertStorableText } from './nul';

/**
 * Reads a JSON body; malformed or non-object JSON is a 400 rather than a 500,
 * and so is text PostgreSQL cannot store (a NUL, a lone surrogate) anywhere in it. The size limit is the middleware's
 * (middleware/bodyLimit.ts), for every route alike.
 */
export async function readJson(ctx: Pick<APIContext, 'request'>): Promise<Record<string, unknown>> {
  const text = await ctx.request.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badRequest('The request body is not valid JSON.');
  assertStorableText(parsed);
  return parsed as Record<string, unknown>;
}
