import { useStore } from '@nanostores/react';
import { type KeyboardEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { useRequiredUser } from '~/islands/auth/useRequiredUser';
import { MyCampaigns } from '~/islands/profile/MyCampaigns';
import { MyDonations } from '~/islands/profile/MyDonations';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { CurrentUser } from '~/lib/currentUser';
import { PROFILE_TAB, profileTabFrom, profileTabHref, SITE_LINKS } from '~/lib/siteLinks';
import { $profile, $profileStatus, loadProfile } from '~/stores/profile';
import { ProfileDetails } from './ProfileDetails';
import { ProfileEmail } from './ProfileEmail';
import { ProfilePicture } from './ProfilePicture';

const PROFILE = 1;
const TABS = [
  { tab: PROFILE, label: 'Profile' },
  { tab: PROFILE_TAB.campaigns, label: 'My Campaigns' },
  { tab: PROFILE_TAB.donations, label: 'My Donations' },
] as const;

const tabId = (tab: number): string => `profile-tab-${tab}`;
const panelId = (tab: number): string => `profile-panel-${tab}`;

/** The tab asked for by navigation state or `?tab=`, else Profile. */
function initialTab(): number {
  const asked = profileTabFrom(window.history.state, window.location.search);
  return TABS.some((t) => t.tab === asked) ? (asked as number) : PROFILE;
}

function ProfileTab({ user }: { user: CurrentUser }): ReactElement {
  const profile = useStore($profile);
  const status = useStore($profileStatus);
  useEffect(() => {
    void loadProfile(user.id);
  }, [user.id]);

  if (!profile || profile.id !== user.id) {
    if (status.error) {
      return (
        <div role="alert" className="space-y-3">
          <p>We could not load your profile.</p>
          <button
            type="button"
            className="btn-outline"
            onClick={() => void loadProfile(user.id, { force: true })}
          >
            Try again
          </button>
        </div>
      );
    }
    return <SessionPending label="Loading your profile…" />;
  }
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
    </div>
  );
}

function ProfilePageContent(): ReactElement {
  const user = useRequiredUser();
  const [tab, setTab] = useState(PROFILE);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => setTab(initialTab()), []);

  if (!user) return <SessionPending label="Checking your session…" />;

  const select = (next: number, focus = false): void => {
    setTab(next);
    // Keep the tab in the address (and its state) so a reload or a shared link opens it again.
    window.history.replaceState(
      { ...window.history.state, tab: next },
      '',
      next === PROFILE ? SITE_LINKS.profile : profileTabHref(next),
    );
    if (focus) tabs.current[TABS.findIndex((t) => t.tab === next)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const index = TABS.findIndex((t) => t.tab === tab);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(TABS[target]?.tab ?? PROFILE, true);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label="Your account"
        className="-mx-4 flex overflow-x-auto border-b border-gray-200 px-4"
        onKeyDown={onKeyDown}
      >
        {TABS.map((t, i) => (
          <button
            key={t.tab}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(t.tab)}
            aria-selected={tab === t.tab}
            aria-controls={panelId(t.tab)}
            tabIndex={tab === t.tab ? 0 : -1}
            className={`whitespace-nowrap border-b-2 px-3 py-3 text-sm font-semibold sm:px-4 ${
              tab === t.tab
                ? 'border-brand text-brand-dark'
                : 'border-transparent text-ink-muted hover:border-gray-300 hover:text-ink'
            }`}
            onClick={() => select(t.tab)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div
          key={t.tab}
          role="tabpanel"
          id={panelId(t.tab)}
          aria-labelledby={tabId(t.tab)}
          hidden={tab !== t.tab}
          className="py-6"
        >
          {tab !== t.tab ? null : t.tab === PROFILE ? (
            <ProfileTab user={user} />
          ) : t.tab === PROFILE_TAB.campaigns ? (
            <MyCampaigns />
          ) : (
            <MyDonations />
          )}
        </div>
      ))}
    </div>
  );
}

/** /profile (SPEC §2, protected): Profile, My Campaigns (tab 2) and My Donations (tab 3). */
export default function ProfilePage(): ReactElement {
  return (
    <IslandErrorBoundary>
      <ProfilePageContent />
    </IslandErrorBoundary>
  );
}
