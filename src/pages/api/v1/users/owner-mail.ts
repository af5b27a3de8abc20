import type { APIRoute } from 'astro';
import { OWNER_MAIL_MESSAGES, ownerMailSettingsSchema } from '~/lib/schemas/ownerMail';
import { requireUser } from '~/lib/server/accounts/session';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { ownerMailSettings, saveOwnerMailSettings } from '~/lib/server/milestones/ownerMailSettings';

/** Which mails about one's campaigns to send (docs/api/milestones.md): the signed-in user's own. */
export const GET: APIRoute = async (ctx) => ok(await ownerMailSettings(requireUser(ctx)));

export const PUT: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(ownerMailSettingsSchema, await readJson(ctx));
  return ok(await saveOwnerMailSettings(user, input), OWNER_MAIL_MESSAGES.saved);
};
