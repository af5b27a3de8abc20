import type { APIRoute } from 'astro';
import { updateProfileSchema } from '~/lib/schemas/profile';
import { requireUser } from '~/lib/server/accounts/session';
import { updateProfile } from '~/lib/server/accounts/users';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(updateProfileSchema, await readJson(ctx));
  return ok(await updateProfile(user, input), 'Profile updated successfully.');
};
