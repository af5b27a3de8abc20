import type { APIRoute } from 'astro';
import { deleteAccountSchema, PRIVACY_MESSAGES } from '~/lib/schemas/privacy';
import { requireUser } from '~/lib/server/accounts/session';
import { getUserProfile } from '~/lib/server/accounts/users';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { assertOwnAccount } from '~/lib/server/privacy/account';
import { deleteAccount } from '~/lib/server/privacy/deleteAccount';

export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  return ok(await getUserProfile(user, ctx.params.userId ?? ''));
};

export const DELETE: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const userId = ctx.params.userId ?? '';
  // Before the body: nobody learns what someone else's deletion would need.
  assertOwnAccount(user, userId);
  const input = parseInput(deleteAccountSchema, await readJson(ctx));
  await deleteAccount(user, userId, input);
  return ok(null, PRIVACY_MESSAGES.deleted);
};
