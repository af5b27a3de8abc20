import { eq } from 'drizzle-orm';
import type { UserAddress, UserProfile } from '~/lib/contracts/accounts';
import { isUuid } from '~/lib/ids';
import type { UpdateProfileInput } from '~/lib/schemas/profile';
import { getDb } from '~/lib/server/db';
import { storedFiles, users } from '~/lib/server/db/schema';
import { badRequest, forbidden, notFound } from '~/lib/server/http/errors';
import { bytesOf } from '~/lib/server/http/formData';
import { deleteStoredFile, imageUrl, saveImage } from '~/lib/server/platform/files';
import { log } from '~/lib/server/platform/log';
import type { SessionUser } from './session';

/** Only the user themself, or an admin, may see a profile; everyone else hears 403 whether it exists or not. */
function assertMayView(viewer: SessionUser, userId: string): void {
  if (viewer.id !== userId && viewer.role !== 'admin') throw forbidden();
}

/** Only the user themself changes a profile (admins included: they have their own tools). */
export function assertMayChangeProfile(viewer: SessionUser, userId: string): void {
  if (viewer.id !== userId) throw forbidden();
}

/** A profile by id, or null. */
export async function findUserProfile(userId: string): Promise<UserProfile | null> {
  if (!isUuid(userId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ user: users, file: storedFiles })
    .from(users)
    .leftJoin(storedFiles, eq(storedFiles.id, users.imageFileId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { user, file } = row;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.msisdn,
    address: {
      addressLine1: user.addressLine1,
      addressLine2: user.addressLine2,
      zip: user.zip,
      city: user.city,
      province: user.province,
      country: user.country,
    },
    createdAt: user.createdAt.toISOString(),
    emailConfirmed: user.emailConfirmed,
    active: user.active,
    image: file ? { url: imageUrl(file), fileName: file.originalName } : null,
  };
}

/** `GET /users/{id}`: the user's own profile, or any profile for an admin. */
export async function getUserProfile(viewer: SessionUser, userId: string): Promise<UserProfile> {
  assertMayView(viewer, userId);
  const profile = await findUserProfile(userId);
  if (!profile) throw notFound('User not found.');
  return profile;
}

async function ownProfile(userId: string): Promise<UserProfile> {
  const profile = await findUserProfile(userId);
  // The token outlived its account.
  if (!profile) throw notFound('User not found.');
  return profile;
}

/** The token's `location` claim: "City, Province", whichever of the two is known. */
function locationOf(city: string | null, province: string | null): string | null {
  return [city, province].filter(Boolean).join(', ') || null;
}

/** `PATCH /users`: names always; phone and address fields when sent (null clears). */
export async function updateProfile(user: SessionUser, input: UpdateProfileInput): Promise<UserProfile> {
  const current = await ownProfile(user.id);
  const address = { ...current.address };
  for (const [field, value] of Object.entries(input.address ?? {}) as [keyof UserAddress, string | null][]) {
    if (value !== undefined) address[field] = value;
  }
  const db = await getDb();
  await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      ...(input.phone === undefined ? {} : { msisdn: input.phone }),
      ...address,
      location: locationOf(address.city, address.province),
    })
    .where(eq(users.id, user.id));
  return ownProfile(user.id);
}

/**
 * `PATCH /users/{id}/image`: stores the picture (checked by content, at most
 * 5 MB, re-encoded) and deletes the one it replaces. Only the user themself.
 */
export async function updateProfileImage(
  viewer: SessionUser,
  userId: string,
  image: File | null,
): Promise<UserProfile> {
  assertMayChangeProfile(viewer, userId);
  if (!image)
    throw badRequest('Please choose a picture to upload.', { image: ['Please choose a picture to upload.'] });
  const saved = await saveImage({
    bytes: await bytesOf(image),
    originalName: image.name,
    ownerId: userId,
    purpose: 'avatar',
  });
  const db = await getDb();
  // Locked, so two uploads at once each replace exactly the picture before them.
  const replaced = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ fileId: users.imageFileId, ownerId: storedFiles.ownerId, storageKey: storedFiles.storageKey })
      .from(users)
      .leftJoin(storedFiles, eq(storedFiles.id, users.imageFileId))
      .where(eq(users.id, userId))
      .for('update', { of: users });
    await tx.update(users).set({ imageFileId: saved.id }).where(eq(users.id, userId));
    return row;
  });
  if (!replaced) {
    await deleteStoredFile(saved.id);
    throw notFound('User not found.');
  }
  // Only an uploaded avatar of this user goes; a file shared with anything else stays.
  if (replaced.fileId && replaced.ownerId === userId && replaced.storageKey?.startsWith('images/avatar/')) {
    const oldId = replaced.fileId;
    // The new picture is in place; an old file left behind would only be wasted space.
    await deleteStoredFile(oldId).catch((error: unknown) => {
      log.error({ area: 'accounts', fileId: oldId, err: error }, 'Replaced picture not deleted');
    });
  }
  return ownProfile(userId);
}
