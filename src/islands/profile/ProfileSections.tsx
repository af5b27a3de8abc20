import type { ReactElement } from 'react';
import type { UserProfile } from '~/stores/profile';
import { OwnerMailSection } from './OwnerMailSection';
import { PrivacySection } from './PrivacySection';
import { ProfileDetails } from './ProfileDetails';
import { ProfileEmail } from './ProfileEmail';
import { ProfilePicture } from './ProfilePicture';

/**
 * The Profile tab's sections (picture, email, personal details, emails about one's campaigns, privacy): their forms and
 * dialogs load while the profile is fetched (ProfilePage starts both at once), not with the shell.
 */
export default function ProfileSections({ profile }: { profile: UserProfile }): ReactElement {
  return (
    <div className="space-y-8">
      <ProfilePicture profile={profile} />
      <ProfileEmail profile={profile} />
      <section aria-labelledby="profile-details-title">
        <h2 id="profile-details-title" className="font-semibold text-ink">
          Personal details
        </h2>
        <ProfileDetails profile={profile} />
      </section>
      <OwnerMailSection />
      <PrivacySection userId={profile.id} />
    </div>
  );
}
