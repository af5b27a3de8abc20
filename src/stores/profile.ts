import { atom, map } from 'nanostores';
import { api, type Envelope, uploadApi } from '~/lib/api';
import { notifyStoreError } from '~/lib/api/storeErrors';
import type { UserProfile } from '~/lib/contracts/accounts';
import type { UpdateProfileInput } from '~/lib/schemas/profile';
import { onSessionEnd } from './auth';
import { notify } from './toast';

export type { UserProfile };

/** SPEC §3 user profile of the signed-in user, once loaded. */
export const $profile = atom<UserProfile | null>(null);

/** List-store flags (SPEC §4): loading while fetching, error when the last fetch failed. */
export const $profileStatus = map({ loading: false, error: false });

const SUCCESS_TOAST_MS = 2000;
const PROFILE_UPDATED = 'Profile updated successfully.';
const PICTURE_UPDATED = 'Profile picture updated successfully.';

let loading: { userId: string; promise: Promise<UserProfile | null> } | null = null;

onSessionEnd(() => {
  loading = null;
  $profile.set(null);
  $profileStatus.set({ loading: false, error: false });
});

/**
 * GET /users/{id}. Concurrent callers for the same user share one request
 * (the navbar and the profile page both ask after sign-in). Failures are
 * recorded, not toasted: the page decides what to say.
 */
export function loadProfile(userId: string, options: { force?: boolean } = {}): Promise<UserProfile | null> {
  const current = $profile.get();
  if (!options.force && current?.id === userId) return Promise.resolve(current);
  if (loading?.userId === userId) return loading.promise;
  $profileStatus.set({ loading: true, error: false });
  const promise = api
    .get(`users/${encodeURIComponent(userId)}`)
    .json<Envelope<UserProfile>>()
    .then((body) => {
      $profile.set(body.data);
      $profileStatus.set({ loading: false, error: false });
      return body.data;
    })
    .catch((error: unknown) => {
      console.warn('Could not load the profile.', error);
      $profileStatus.set({ loading: false, error: true });
      return null;
    })
    .finally(() => {
      if (loading?.promise === promise) loading = null;
    });
  loading = { userId, promise };
  return promise;
}

/** Keeps the answered profile and says so; a failure is toasted as SPEC §8 store errors. */
async function saveProfile(
  send: () => Promise<Envelope<UserProfile>>,
  toast: { id: string; message: string },
): Promise<boolean> {
  try {
    const body = await send();
    $profile.set(body.data);
    notify({
      id: `${toast.id}-${Date.now()}`,
      type: 'success',
      message: toast.message,
      duration: SUCCESS_TOAST_MS,
    });
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

/** PATCH /users → 'Profile updated successfully.' */
export function updateProfile(input: UpdateProfileInput | Record<string, unknown>): Promise<boolean> {
  return saveProfile(() => api.patch('users', { json: input }).json(), {
    id: 'profile-updated',
    message: PROFILE_UPDATED,
  });
}

/** PATCH /users/{id}/image with the multipart field `image` → 'Profile picture updated successfully.' */
export function uploadProfilePicture(userId: string, file: File): Promise<boolean> {
  const form = new FormData();
  form.append('image', file, file.name);
  return saveProfile(
    () => uploadApi.patch(`users/${encodeURIComponent(userId)}/image`, { body: form }).json(),
    { id: 'profile-picture-updated', message: PICTURE_UPDATED },
  );
}
