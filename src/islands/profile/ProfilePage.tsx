import { useStore } from '@nanostores/react';
import { lazy, type ReactElement, Suspense, useEffect, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { useRequiredUser } from '~/islands/auth/useRequiredUser';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { type PageTab, PageTabList, panelIdOf, tabIdOf } from '~/islands/shell/PageTabList';
import type { CurrentUser } from '~/lib/currentUser';
import { m } from '~/lib/i18n';
import { PROFILE_TAB, profileTabFrom, profileTabHref, SITE_LINKS } from '~/lib/siteLinks';
import { $profile, $profileStatus, loadProfile } from '~/stores/profile';

// Each tab's code loads when the tab is opened (the Profile tab's while its data is fetched), so the
// shell downloads one tab, not three with their forms and lists.
const loadProfileSections = () => import('./ProfileSections');
const ProfileSections = lazy(loadProfileSections);
const MyCampaigns = lazy(() => import('./MyCampaigns').then((m) => ({ default: m.MyCampaigns })));
const MyDonations = lazy(() => import('./MyDonations').then((m) => ({ default: m.MyDonations })));

const PROFILE = 1;
const TAB_KEYS = [PROFILE, PROFILE_TAB.campaigns, PROFILE_TAB.donations] as const;

/** The tabs, named in the page's language (at render time, never once per module). */
const tabs = (): readonly PageTab<number>[] => [
  { key: PROFILE, label: m.profile_tab_profile() },
  { key: PROFILE_TAB.campaigns, label: m.profile_tab_campaigns() },
  { key: PROFILE_TAB.donations, label: m.profile_tab_donations() },
];

/** The tab asked for by navigation state or `?tab=`, else Profile. */
function initialTab(): number {
  const asked = profileTabFrom(window.history.state, window.location.search);
  return TAB_KEYS.some((key) => key === asked) ? (asked as number) : PROFILE;
}

function ProfileTab({ user }: { user: CurrentUser }): ReactElement {
  const profile = useStore($profile);
  const status = useStore($profileStatus);
  useEffect(() => {
    void loadProfile(user.id);
    void loadProfileSections().catch(() => {});
  }, [user.id]);

  if (!profile || profile.id !== user.id) {
    if (status.error) {
      return (
        <div role="alert" className="space-y-3">
          <p>{m.profile_load_failed()}</p>
          <button
            type="button"
            className="btn-outline"
            onClick={() => void loadProfile(user.id, { force: true })}
          >
            {m.profile_try_again()}
          </button>
        </div>
      );
    }
    return <SessionPending label={m.profile_loading_profile()} />;
  }
  return (
    <Suspense fallback={<SessionPending label={m.profile_loading_profile()} />}>
      <ProfileSections profile={profile} />
    </Suspense>
  );
}

function ProfilePageContent(): ReactElement {
  const user = useRequiredUser();
  const [tab, setTab] = useState(PROFILE);

  useEffect(() => setTab(initialTab()), []);

  if (!user) return <SessionPending label={m.profile_checking_session()} />;
  const TABS = tabs();

  const select = (next: number): void => {
    setTab(next);
    // Keep the tab in the address (and its state) so a reload or a shared link opens it again.
    window.history.replaceState(
      { ...window.history.state, tab: next },
      '',
      next === PROFILE ? SITE_LINKS.profile : profileTabHref(next),
    );
  };

  return (
    <div>
      <PageTabList
        label={m.profile_tabs_label()}
        idPrefix="profile"
        tabs={TABS}
        selected={tab}
        onSelect={select}
      />
      {TABS.map((t) => (
        <div
          key={t.key}
          role="tabpanel"
          id={panelIdOf('profile', t.key)}
          aria-labelledby={tabIdOf('profile', t.key)}
          hidden={tab !== t.key}
          className="py-6"
        >
          {tab !== t.key ? null : t.key === PROFILE ? (
            <ProfileTab user={user} />
          ) : (
            <Suspense
              fallback={
                <SessionPending
                  label={
                    t.key === PROFILE_TAB.campaigns
                      ? m.profile_loading_campaigns()
                      : m.profile_loading_donations()
                  }
                />
              }
            >
              {t.key === PROFILE_TAB.campaigns ? <MyCampaigns /> : <MyDonations />}
            </Suspense>
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
