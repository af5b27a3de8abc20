import type { APIRoute } from 'astro';
import { updateProfileSchema } from '~/lib/schemas/profile';
import { requireUser } from '~/lib/server/accounts/session';
import { updateProfile } from '~/lib/server/accounts/users';
import { ok, readJson } from '~/lib/server/http/index';
import { parseInput } from '~/lib/server/http/parseInput';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(updateProfileSchema, await readJson(ctx));
  return ok(await updateProfile(user, input), 'Profile updated successfully.');
};
