import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { ADMIN_API_MESSAGES } from '~/lib/server/admin/messages';
import { notFound } from '~/lib/server/http/errors';
import { fileResponse } from '~/lib/server/http/fileResponse';
import { uuidOrNull } from '~/lib/server/http/ids';
import { openStoredFile } from '~/lib/server/platform/files';

/** A document of a queue item's review, by its file id: admins only (401 visitor, 403 anyone else). */
export const GET: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const id = uuidOrNull(ctx.params.id ?? '');
  const file = id ? await openStoredFile(id, admin) : null;
  if (!file) throw notFound(ADMIN_API_MESSAGES.documentNotFound);
  return fileResponse(file, ctx.request);
};
