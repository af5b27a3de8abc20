import type { APIContext } from 'astro';
import { badRequest } from './errors';

/** Reads a JSON body; malformed or non-object JSON is a 400 rather than a 500. */
export async function readJson(ctx: Pick<APIContext, 'request'>): Promise<Record<string, unknown>> {
  const text = await ctx.request.text();
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('The request body is not valid JSON.');
}
