import type { ReactElement } from 'react';
import { ResendVerificationButton } from '~/islands/auth/ResendVerification';
import type { UserProfile } from '~/stores/profile';

/** The account's email, read-only, with its verification state and a way to resend the link. */
export function ProfileEmail({ profile }: { profile: UserProfile }): ReactElement {
  return (
    <section aria-labelledby="profile-email-title" className="space-y-2">
      <h2 id="profile-email-title" className="font-semibold text-ink">
        Email
      </h2>
      <p className="flex flex-wrap items-center gap-2">
        <span className="break-all">{profile.email}</span>
        {profile.emailConfirmed ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
            Verified
          </span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Not verified
          </span>
        )}
      </p>
      <p className="text-xs text-ink-muted">
        Your email address is how you log in; it cannot be changed here.
      </p>
      {profile.emailConfirmed ? null : (
        <div className="max-w-sm">
          <p className="mb-2 text-sm text-ink-muted">
            Verify your email to launch campaigns. Lost the link? We can send a new one.
          </p>
          <ResendVerificationButton
            email={profile.email}
            className="btn-outline text-sm disabled:opacity-60"
          />
        </div>
      )}
    </section>
  );
}
