import { type ChangeEvent, type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { errorClass, hintClass } from '~/islands/form/fieldParts';
import { fullName, initialsOf } from '~/lib/people';
import { type UserProfile, uploadProfilePicture } from '~/stores/profile';

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** A round picture of the user, or their initials when there is none. */
export function Avatar({
  profile,
  preview,
  size = 'h-24 w-24 text-2xl',
}: {
  profile: UserProfile;
  /** A chosen file not uploaded yet: its object URL and name. */
  preview?: { url: string; name: string } | null;
  size?: string;
}): ReactElement {
  const url = preview?.url ?? profile.image?.url ?? null;
  const alt = preview ? `Preview of ${preview.name}` : fullName(profile);
  return url ? (
    <img
      src={url}
      alt={alt}
      className={`${size} shrink-0 rounded-full border border-gray-200 object-cover`}
    />
  ) : (
    <span
      className={`${size} flex shrink-0 items-center justify-center rounded-full bg-brand font-bold text-white`}
      role="img"
      aria-label="No profile picture yet"
    >
      {initialsOf(profile)}
    </span>
  );
}

/** Change picture: choose a file, see it, upload it (PATCH /users/{id}/image, field `image`). */
export function ProfilePicture({ profile }: { profile: UserProfile }): ReactElement {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const clear = (): void => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>): void => {
    const chosen = event.currentTarget.files?.[0] ?? null;
    const problem = !chosen
      ? null
      : !chosen.type.startsWith('image/')
        ? 'Choose an image file (JPEG, PNG, WebP, GIF or AVIF).'
        : chosen.size > MAX_BYTES
          ? 'Choose an image of 5 MB or less.'
          : null;
    setProblem(problem);
    if (!chosen || problem) {
      clear();
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const upload = async (): Promise<void> => {
    if (!file) return;
    setUploading(true);
    const ok = await uploadProfilePicture(profile.id, file);
    setUploading(false);
    if (ok) clear();
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar profile={profile} preview={preview && file ? { url: preview, name: file.name } : null} />
      <div className="min-w-0 flex-1 space-y-2">
        <h2 id={`${inputId}-title`} className="font-semibold text-ink">
          Profile picture
        </h2>
        {preview ? (
          <p className={hintClass}>Preview of the picture you chose. Upload it to keep it.</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <label className="btn-outline cursor-pointer text-sm focus-within:ring-2 focus-within:ring-brand focus-within:ring-offset-2">
            {profile.image ? 'Change picture' : 'Choose a picture'}
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              onChange={onChoose}
              aria-describedby={problem ? `${inputId}-error` : `${inputId}-hint`}
            />
          </label>
          {file ? (
            <>
              <button
                type="button"
                className="btn-primary text-sm disabled:opacity-60"
                disabled={uploading}
                onClick={() => void upload()}
              >
                {uploading ? 'Uploading…' : 'Upload picture'}
              </button>
              <button
                type="button"
                className="btn text-sm text-ink-muted hover:text-ink"
                disabled={uploading}
                onClick={clear}
              >
                Cancel
              </button>
            </>
          ) : null}
        </div>
        {problem ? (
          <p id={`${inputId}-error`} className={errorClass} role="alert">
            {problem}
          </p>
        ) : (
          <p id={`${inputId}-hint`} className={hintClass}>
            JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.
          </p>
        )}
      </div>
    </section>
  );
}
