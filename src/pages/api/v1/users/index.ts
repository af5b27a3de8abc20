import type { APIRoute } from 'astro';
import { updateProfileSchema } from '~/lib/schemas/profile';
import { ok, readJson } from '~/lib/server/http';
import { requireUser } from '~/lib/server/session';
import { updateProfile } from '~/lib/server/users';
import { parseInput } from '~/lib/server/validate';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(updateProfileSchema, await readJson(ctx));
  return ok(await updateProfile(user, input), 'Profile updated successfully.');
};
