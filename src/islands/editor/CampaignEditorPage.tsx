import { useStore } from '@nanostores/react';
import { lazy, type ReactElement, Suspense, useEffect, useMemo, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { useRequiredUser } from '~/islands/auth/useRequiredUser';
import { FormNotice } from '~/islands/form/FormNotice';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { PageTab } from '~/islands/shell/PageTabList';
import { getCampaignCategories, getEvents, type OwnerCampaign } from '~/lib/api/campaigns';
import { campaignHref } from '~/lib/campaignDisplay';
import { CampaignStatus, campaignStatusLabel } from '~/lib/enums';
import { fullName } from '~/lib/people';
import { PROFILE_TAB, profileTabHref } from '~/lib/siteLinks';
import {
  $campaignCreation,
  type CampaignFormValues,
  type CampaignStep,
  campaignPathOf,
  forgetLaunchedCampaign,
  hasUnsavedValues,
  keepOnlyOwnDraft,
  markCreationSaved,
  resetCampaignCreation,
} from '~/stores/campaignCreation';
import { $myMemberships, loadMyMemberships, type OrganisationSummary } from '~/stores/myOrganisation';
import { CampaignDonations } from './CampaignDonations';
import { CampaignForm } from './CampaignForm';
import { CloseCampaign } from './CloseCampaign';
import { loadOwnerCampaign } from './campaignActions';
import { completeValues, emptyCampaignValues, valuesFromCampaign } from './campaignValues';
import { EditorHeader, StatusChip } from './EditorHeader';
import { EditorTabPanels, useEditorTabs } from './EditorTabs';
import { type EditorTab, editorTabHref, isEditorTab } from './editorLinks';
import { PostUpdateForm } from './PostUpdateForm';
import { PromoteCampaign } from './PromoteCampaign';
import { TeamMembers } from './TeamMembers';
import { useLookup } from './useLookup';
import { VerificationForm } from './VerificationForm';

type Tab = EditorTab;

// The dashboard loads with its tab: most visits to the editor never open it.
const InsightsDashboard = lazy(() =>
  import('~/islands/insights/InsightsDashboard').then((module) => ({ default: module.InsightsDashboard })),
);

const TABS: readonly PageTab<Tab>[] = [
  { key: 'details', label: 'Campaign' },
  { key: 'verification', label: 'Verification' },
  { key: 'updates', label: 'Post update' },
  { key: 'donations', label: 'Donations' },
  { key: 'insights', label: 'Insights' },
  { key: 'team', label: 'Team' },
  { key: 'promote', label: 'Share & promote' },
  { key: 'close', label: 'Close' },
];

interface Loaded {
  campaignId: string | null;
  campaign: OwnerCampaign | null;
  values: CampaignFormValues;
  step: CampaignStep;
  /** The values are unsaved changes kept from an earlier visit. */
  restored: boolean;
  /** Bumped to start the form again (after discarding kept changes). */
  version: number;
}

/**
 * The page was /campaign/start and is now this campaign's editor (its address says so): its
 * server-rendered heading and title say so too, as /campaign/edit/{id} renders them.
 */
function showAsEditPage(): void {
  const heading = document.getElementById('editor-title');
  if (heading) heading.textContent = 'Edit campaign';
  document.title = document.title.replace('Start a campaign', 'Edit campaign');
}

/** "Start a campaign for <organisation>" (the invitation's next step): /campaign/start?organisation={id}. */
function preselectedOrganisation(): string | null {
  const id = new URLSearchParams(window.location.search).get('organisation')?.trim();
  return id || null;
}

/**
 * START CAMPAIGN opens /campaign/start?new: a new campaign, so the earlier creation state is
 * cleared. The address drops `new` at once, so a reload keeps what the owner has typed since.
 */
function startsNewCampaign(): boolean {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('new')) return false;
  url.searchParams.delete('new');
  window.history.replaceState(window.history.state, '', url);
  return true;
}

async function loadEditorState(
  mode: 'start' | 'edit',
  routeId: string | null,
  userId: string,
): Promise<Loaded | null> {
  const organisation = mode === 'start' ? preselectedOrganisation() : null;
  // A campaign for that organisation is a new one, as after START CAMPAIGN, with it chosen.
  if ((mode === 'start' && startsNewCampaign()) || organisation) resetCampaignCreation();
  const stored = $campaignCreation.get();
  const id = mode === 'edit' ? routeId : (stored.details?.id ?? null);
  const draft = stored.creation && stored.creation.campaignId === id ? stored.creation : null;
  if (!id) return newCampaignState(draft, organisation);
  const campaign = await loadOwnerCampaign(id, { quiet: mode === 'start' });
  // "Start campaign" reopens only the user's own unlaunched draft; a launched one is edited at
  // /campaign/edit/{id}, and one that is gone or someone else's is forgotten: start afresh.
  if (mode === 'start' && !keepOnlyOwnDraft(campaign, userId)) return loadEditorState('start', null, userId);
  if (!campaign) return null;
  return savedCampaignState(id, campaign, draft);
}

type Draft = NonNullable<ReturnType<typeof $campaignCreation.get>['creation']>;

/** A campaign not saved yet: the values typed so far (or none), for the preselected organisation if any. */
function newCampaignState(draft: Draft | null, organisation: string | null): Loaded {
  const values = draft ? completeValues(draft.values) : emptyCampaignValues();
  if (organisation) Object.assign(values, { fundingChoice: 'organisation', organisation });
  return {
    campaignId: null,
    campaign: null,
    values,
    step: draft?.step ?? 'basics',
    restored: false,
    version: 0,
  };
}

/** A saved campaign: the server's values, or the unsaved changes kept from an earlier visit. */
function savedCampaignState(id: string, campaign: OwnerCampaign, draft: Draft | null): Loaded {
  const serverValues = valuesFromCampaign(campaign);
  const restored = draft !== null && hasUnsavedValues(draft, draft.values);
  const step = draft?.step ?? 'basics';
  if (!restored) markCreationSaved(id, serverValues, step);
  return {
    campaignId: id,
    campaign,
    values: restored && draft ? completeValues(draft.values) : serverValues,
    step,
    restored,
    version: 0,
  };
}

/**
 * The organisation is the owner's choice among theirs (the server refuses anyone else's): the
 * rest of the team sees the campaign's own organisation, read-only, not one of theirs to pick.
 */
function organisationChoicesFor(
  campaign: OwnerCampaign | null,
  isOwner: boolean,
  memberships: readonly OrganisationSummary[] | null | undefined,
): OrganisationSummary[] {
  const own = campaign?.organization
    ? [{ id: campaign.organization.id, legalName: campaign.organization.legalName }]
    : [];
  if (!isOwner) return own;
  return [
    ...own,
    ...(memberships ?? [])
      .filter((m) => !own.some((o) => o.id === m.id))
      .map(({ id, legalName }) => ({ id, legalName })),
  ];
}

function CampaignStatusChip({ campaign }: { campaign: OwnerCampaign | null }): ReactElement {
  const text = !campaign
    ? 'New · not saved yet'
    : campaign.status === CampaignStatus.Closed
      ? 'Closed'
      : campaign.published
        ? campaignStatusLabel(campaign.status)
        : 'Draft · not launched';
  const tone =
    campaign?.published && campaign.status === CampaignStatus.Active
      ? 'bg-brand-light text-brand-dark'
      : campaign?.status === CampaignStatus.Closed
        ? 'bg-gray-200 text-ink'
        : 'bg-accent/20 text-ink';
  return (
    <StatusChip tone={tone}>
      <span className="sr-only">Status: </span>
      {text}
    </StatusChip>
  );
}

function EditorContent({
  mode,
  campaignId: routeId,
}: {
  mode: 'start' | 'edit';
  campaignId: string | null;
}): ReactElement {
  const user = useRequiredUser();
  const memberships = useStore($myMemberships);
  const categories = useLookup('categories', getCampaignCategories);
  const events = useLookup('events', getEvents);
  const [state, setState] = useState<Loaded | null>(null);
  const tabs = useEditorTabs<Tab>('details');
  const { openAsked } = tabs;
  const [justLaunched, setJustLaunched] = useState(false);
  const loadedId = state?.campaignId ?? null;
  const insightsOf = useMemo(() => ({ kind: 'campaigns' as const, id: loadedId ?? '' }), [loadedId]);

  useEffect(() => {
    if (!user) return;
    void loadMyMemberships();
    let live = true;
    void loadEditorState(mode, routeId, user.id).then((loaded) => {
      if (!live || !loaded) return;
      setState(loaded);
      if (loaded.campaignId) openAsked(isEditorTab);
    });
    return () => {
      live = false;
    };
  }, [user, mode, routeId, openAsked]);

  if (!user) return <SessionPending label="Checking your session…" />;
  if (!state)
    return <SessionPending label={mode === 'edit' ? 'Loading your campaign…' : 'Getting things ready…'} />;

  const { campaign, campaignId } = state;
  const isOwner = !campaign || campaign.ownerId === user.id;
  const organisationChoices = organisationChoicesFor(campaign, isOwner, memberships);
  const ownerName = campaign && !isOwner ? fullName(campaign.owner) : null;
  const path = campaign ? campaignPathOf(campaign.url) : null;
  const shownTabs = campaignId ? TABS : TABS.filter((t) => t.key === 'details');

  const refresh = async (id: string | null = campaignId): Promise<void> => {
    if (!id) return;
    const fresh = await loadOwnerCampaign(id, { quiet: true });
    if (fresh) setState((s) => (s ? { ...s, campaignId: id, campaign: fresh } : s));
  };

  const discardRestored = (): void => {
    if (!campaign || !campaignId) return;
    const values = valuesFromCampaign(campaign);
    markCreationSaved(campaignId, values, state.step);
    setState({ ...state, values, restored: false, version: state.version + 1 });
  };

  const onSaved = (result: { id: string; campaign?: OwnerCampaign | null }): void => {
    // From now on this is an existing campaign: a reload or a shared link opens its editor.
    if (!campaignId) {
      window.history.replaceState(window.history.state, '', editorTabHref(result.id));
      showAsEditPage();
    }
    setState((s) =>
      s
        ? {
            ...s,
            campaignId: result.id,
            campaign: result.campaign ?? s.campaign,
            restored: false,
          }
        : s,
    );
  };

  const onLaunched = (id: string): void => {
    // One state at once: live, no Launch button, the success notice; then the server's view.
    forgetLaunchedCampaign(id);
    setJustLaunched(true);
    setState((s) =>
      s ? { ...s, campaignId: id, campaign: s.campaign && { ...s.campaign, published: true } } : s,
    );
    void refresh(id);
  };

  return (
    <div className="space-y-6">
      <EditorHeader
        title={campaign?.name ?? 'Your new campaign'}
        chips={<CampaignStatusChip campaign={campaign} />}
        links={
          <>
            {campaign?.published && path ? (
              <a href={campaignHref(path)} className="font-semibold text-brand underline">
                View campaign page
              </a>
            ) : null}
            <a href={profileTabHref(PROFILE_TAB.campaigns)} className="font-semibold text-brand underline">
              My Campaigns
            </a>
          </>
        }
      />

      <EditorNotices
        restored={state.restored}
        onDiscard={discardRestored}
        launchedPath={justLaunched ? path : null}
        closed={campaign?.status === CampaignStatus.Closed}
      />

      <EditorTabPanels
        label="Manage your campaign"
        idPrefix="editor"
        tabs={shownTabs}
        state={tabs}
        onSelect={(next) => tabs.select(next, campaignId && editorTabHref(campaignId, next))}
      >
        {(key) =>
          key === 'details' ? (
            <CampaignForm
              key={state.version}
              campaignId={campaignId}
              campaign={campaign}
              initialValues={state.values}
              initialStep={state.step}
              categories={categories.items}
              events={events.items}
              organisations={organisationChoices}
              organisationLocked={!isOwner}
              payeeOwnerName={ownerName}
              ownerName={fullName(user)}
              ownerEmail={user.email}
              onSaved={onSaved}
              onLaunched={onLaunched}
            />
          ) : campaign ? (
            <SavedCampaignTab
              tab={key}
              campaign={campaign}
              canSubmitVerification={campaign.ownerId === user.id}
              insightsOf={insightsOf}
              onVerificationSubmitted={(updated) => setState((s) => (s ? { ...s, campaign: updated } : s))}
              onTeamChanged={(members) =>
                setState((s) =>
                  s?.campaign ? { ...s, campaign: { ...s.campaign, teamMembers: members } } : s,
                )
              }
              onClosed={() => void refresh()}
            />
          ) : null
        }
      </EditorTabPanels>
    </div>
  );
}

/** Kept unsaved changes (with a way to discard them), the launch's success, a closed campaign. */
function EditorNotices({
  restored,
  onDiscard,
  launchedPath,
  closed,
}: {
  restored: boolean;
  onDiscard: () => void;
  /** The campaign's path once it was just launched, else null. */
  launchedPath: string | null;
  closed: boolean;
}): ReactElement {
  return (
    <>
      {restored ? (
        <FormNotice tone="info">
          <span>We kept the changes you had not saved yet. </span>
          <button type="button" className="font-semibold underline" onClick={onDiscard}>
            Discard them
          </button>
        </FormNotice>
      ) : null}

      {launchedPath ? (
        <FormNotice tone="success">
          <span className="font-semibold">Your campaign is live. </span>
          <a href={campaignHref(launchedPath)} className="font-semibold underline">
            See it and share it
          </a>
        </FormNotice>
      ) : null}

      {closed ? (
        <FormNotice tone="info">
          This campaign is closed: it can no longer be changed or take donations.
        </FormNotice>
      ) : null}
    </>
  );
}

/** The tabs a saved campaign has beyond its details: one panel each. */
function SavedCampaignTab({
  tab,
  campaign,
  canSubmitVerification,
  insightsOf,
  onVerificationSubmitted,
  onTeamChanged,
  onClosed,
}: {
  tab: Exclude<Tab, 'details'>;
  campaign: OwnerCampaign;
  canSubmitVerification: boolean;
  insightsOf: { kind: 'campaigns'; id: string };
  onVerificationSubmitted: (updated: OwnerCampaign) => void;
  onTeamChanged: (members: OwnerCampaign['teamMembers']) => void;
  onClosed: () => void;
}): ReactElement {
  switch (tab) {
    case 'verification':
      return (
        <VerificationForm
          campaign={campaign}
          canSubmit={canSubmitVerification}
          onSubmitted={onVerificationSubmitted}
        />
      );
    case 'updates':
      return <PostUpdateForm campaign={campaign} />;
    case 'donations':
      return <CampaignDonations campaign={campaign} />;
    case 'insights':
      return (
        <Suspense fallback={<p className="text-sm text-ink-muted">Loading your figures…</p>}>
          <InsightsDashboard of={insightsOf} />
        </Suspense>
      );
    case 'team':
      return <TeamMembers campaign={campaign} onChanged={onTeamChanged} />;
    case 'promote':
      return <PromoteCampaign campaign={campaign} />;
    case 'close':
      return <CloseCampaign campaign={campaign} onClosed={onClosed} />;
  }
}

/**
 * /campaign/start and /campaign/edit/{id} (SPEC §2, §4): the guided campaign
 * form, then, once saved, verification, updates, team, sharing and promoting, and closing.
 */
export default function CampaignEditorPage({
  mode,
  campaignId = null,
}: {
  mode: 'start' | 'edit';
  campaignId?: string | null;
}): ReactElement {
  return (
    <IslandErrorBoundary>
      <EditorContent mode={mode} campaignId={campaignId} />
    </IslandErrorBoundary>
  );
}
