import {
  type Dispatch,
  lazy,
  type ReactElement,
  type SetStateAction,
  Suspense,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { useRequiredUser } from '~/islands/auth/useRequiredUser';
import { EditorHeader, StatusChip } from '~/islands/editor/EditorHeader';
import { EditorTabPanels, useEditorTabs } from '~/islands/editor/EditorTabs';
import { useLookup } from '~/islands/editor/useLookup';
import { FormNotice } from '~/islands/form/FormNotice';
import { payoutHref } from '~/islands/payout/payoutLinks';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { PageTab } from '~/islands/shell/PageTabList';
import {
  getOrganisationTypes,
  getPositions,
  getSectors,
  type MyOrganisationView,
} from '~/lib/api/organisations';
import { OrgUserRole } from '~/lib/enums';
import { OrganisationDonations } from './OrganisationDonations';
import { OrganisationForm } from './OrganisationForm';
import { OrganisationReceipts } from './OrganisationReceipts';
import { OrganisationTeam } from './OrganisationTeam';
import { OrganisationVerificationForm } from './OrganisationVerificationForm';
import { loadOrganisation } from './organisationActions';
import {
  isOrganisationTab,
  type OrganisationTab,
  organisationEditHref,
  organisationPublicHref,
} from './organisationLinks';

const TABS: readonly PageTab<OrganisationTab>[] = [
  { key: 'profile', label: 'Profile' },
  { key: 'verification', label: 'Verification' },
  { key: 'team', label: 'Team' },
  { key: 'champions', label: 'Champions' },
  { key: 'donations', label: 'Donations' },
  { key: 'insights', label: 'Insights' },
  { key: 'receipts', label: 'Receipts' },
];

const ROLE_NAMES: Readonly<Record<number, string>> = {
  [OrgUserRole.Owner]: 'Owner',
  [OrgUserRole.Admin]: 'Admin',
  [OrgUserRole.Editor]: 'Editor',
  [OrgUserRole.Champion]: 'Champion',
};

// Who may request and see the organisation's payouts, and its Section 18A receipts (docs/api/organisations.md roles).
const MANAGES_PAYOUTS: ReadonlySet<number> = new Set([OrgUserRole.Owner, OrgUserRole.Admin]);

// The dashboard loads with its tab (its figures are the Owners' and Admins', as the donations).
const InsightsDashboard = lazy(() =>
  import('~/islands/insights/InsightsDashboard').then((module) => ({ default: module.InsightsDashboard })),
);

// The Team and Champions tabs share the invite form's field ids, so only the open one is mounted.
const isTeamTab = (key: string): boolean => key === 'team' || key === 'champions';

/** The tabs money is behind: only Owners and Admins see them. */
const MONEY_TABS: ReadonlySet<OrganisationTab> = new Set(['donations', 'insights', 'receipts']);

/** Before it is registered, only the profile; after, all but the money tabs unless the user manages payouts. */
function shownTabsFor(organisation: MyOrganisationView | null): readonly PageTab<OrganisationTab>[] {
  if (!organisation) return TABS.filter((t) => t.key === 'profile');
  if (MANAGES_PAYOUTS.has(organisation.userRole)) return TABS;
  return TABS.filter((t) => !MONEY_TABS.has(t.key));
}

/** Whether it is verified, and the user's role in it. */
function OrganisationChips({ organisation }: { organisation: MyOrganisationView }): ReactElement {
  return (
    <>
      <StatusChip tone={organisation.isVerified ? 'bg-brand-light text-brand-dark' : 'bg-accent/20 text-ink'}>
        {organisation.isVerified ? 'Verified' : 'Not verified yet'}
      </StatusChip>
      <span className="text-sm text-ink-muted">
        Your role: {ROLE_NAMES[organisation.userRole] ?? 'Member'}
      </span>
    </>
  );
}

/** Its payouts (for those who manage them) and its public page (once it has an address). */
function OrganisationLinks({ organisation }: { organisation: MyOrganisationView }): ReactElement {
  return (
    <>
      {MANAGES_PAYOUTS.has(organisation.userRole) ? (
        <a href={payoutHref(organisation.id, 'organization')} className="font-semibold text-brand underline">
          Payouts
        </a>
      ) : null}
      {organisation.url ? (
        <a href={organisationPublicHref(organisation.url)} className="font-semibold text-brand underline">
          View public page
        </a>
      ) : null}
    </>
  );
}

/** The tabs a registered organisation has beyond its profile: one panel each (the money ones for Owners and Admins). */
function RegisteredOrganisationTab({
  tab,
  organisation,
  insightsOf,
  setOrganisation,
}: {
  tab: Exclude<OrganisationTab, 'profile'>;
  organisation: MyOrganisationView;
  insightsOf: { kind: 'organizations'; id: string };
  setOrganisation: Dispatch<SetStateAction<MyOrganisationView | null>>;
}): ReactElement | null {
  if (MONEY_TABS.has(tab) && !MANAGES_PAYOUTS.has(organisation.userRole)) return null;
  switch (tab) {
    case 'verification':
      return <OrganisationVerificationForm organisation={organisation} onSubmitted={setOrganisation} />;
    case 'donations':
      return <OrganisationDonations organisation={organisation} />;
    case 'insights':
      return (
        <Suspense fallback={<p className="text-sm text-ink-muted">Loading your figures…</p>}>
          <InsightsDashboard of={insightsOf} />
        </Suspense>
      );
    case 'receipts':
      return <OrganisationReceipts organisation={organisation} />;
    default:
      return (
        <OrganisationTeam
          organisation={organisation}
          kind={tab}
          onChanged={(members) => setOrganisation((o) => (o ? { ...o, teamMembers: members } : o))}
        />
      );
  }
}

function EditorContent({ organisationId }: { organisationId: string | null }): ReactElement {
  const user = useRequiredUser();
  const types = useLookup('organisation-types', getOrganisationTypes);
  const sectors = useLookup('sectors', getSectors);
  const positions = useLookup('positions', getPositions);
  const [id, setId] = useState(organisationId);
  const [organisation, setOrganisation] = useState<MyOrganisationView | null>(null);
  const tabs = useEditorTabs<OrganisationTab>('profile');
  const { openAsked } = tabs;
  const insightsOf = useMemo(() => ({ kind: 'organizations' as const, id: id ?? '' }), [id]);
  const select = (next: OrganisationTab, saved: string | null = id): void =>
    tabs.select(next, saved && organisationEditHref(saved, next));

  useEffect(() => {
    if (!user || !organisationId) return;
    let live = true;
    void loadOrganisation(organisationId).then((loaded) => {
      if (!live || !loaded) return;
      setOrganisation(loaded);
      openAsked(isOrganisationTab);
    });
    return () => {
      live = false;
    };
  }, [user, organisationId, openAsked]);

  if (!user) return <SessionPending label="Checking your session…" />;
  if (id && !organisation) return <SessionPending label="Loading your organisation…" />;

  const onSaved = (saved: MyOrganisationView): void => {
    setOrganisation(saved);
    if (!id) {
      // Registered: from now on this is the organisation's edit page, on its next step.
      setId(saved.id);
      select('verification', saved.id);
    }
  };

  return (
    <div className="space-y-6">
      <EditorHeader
        title={organisation?.legalName ?? 'Your organisation'}
        chips={organisation ? <OrganisationChips organisation={organisation} /> : null}
        links={organisation ? <OrganisationLinks organisation={organisation} /> : null}
      />

      {organisation ? null : (
        <FormNotice tone="info">
          Register your charity, NPO or PBO to raise funds for it, invite your team and champions, and get a
          public page. You become its owner.
        </FormNotice>
      )}

      <EditorTabPanels
        label="Manage your organisation"
        idPrefix="organisation"
        tabs={shownTabsFor(organisation)}
        state={tabs}
        onSelect={(next) => select(next)}
        keepMounted={(key) => !isTeamTab(key)}
      >
        {(key) =>
          key === 'profile' ? (
            <OrganisationForm
              key={organisation ? 'edit' : 'register'}
              organisation={organisation}
              types={types.items}
              sectors={sectors.items}
              positions={positions.items}
              user={user}
              onSaved={onSaved}
            />
          ) : organisation ? (
            <RegisteredOrganisationTab
              tab={key}
              organisation={organisation}
              insightsOf={insightsOf}
              setOrganisation={setOrganisation}
            />
          ) : null
        }
      </EditorTabPanels>
    </div>
  );
}

/**
 * /organization/register and /organization/edit/{id} (SPEC §2, §4): the
 * organisation's profile in steps, then verification, team and champions.
 */
export default function OrganisationEditorPage({
  organisationId = null,
}: {
  organisationId?: string | null;
}): ReactElement {
  return (
    <IslandErrorBoundary>
      <EditorContent organisationId={organisationId} />
    </IslandErrorBoundary>
  );
}
