import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { assertMayChangeProfile, updateProfileImage } from '~/lib/server/accounts/users';
import { FORM_OVERHEAD_BYTES, fileField, IMAGE_TOO_LARGE, readFormData } from '~/lib/server/http/formData';
import { ok } from '~/lib/server/http/responses';
import { MAX_IMAGE_BYTES } from '~/lib/server/platform/files';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const userId = ctx.params.userId ?? '';
  // Before reading the upload: nobody streams 5 MB into someone else's profile.
  assertMayChangeProfile(user, userId);
  const form = await readFormData(ctx.request, MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES, IMAGE_TOO_LARGE);
  const profile = await updateProfileImage(user, userId, fileField(form, 'image'));
  return ok(profile, 'Profile picture updated successfully.');
};
