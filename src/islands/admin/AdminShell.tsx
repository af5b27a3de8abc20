import { lazy, type ReactElement, Suspense, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { useRequiredUser } from '~/islands/auth/useRequiredUser';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { type PageTab, PageTabList, panelIdOf, tabIdOf } from '~/islands/shell/PageTabList';

// Each section is its own chunk: staff download only what they open.
const QueuesPanel = lazy(() => import('./QueuesPanel'));
const ReportsPanel = lazy(() => import('./ReportsPanel'));
const SearchPanel = lazy(() => import('./SearchPanel'));
const BannerPanel = lazy(() => import('./BannerPanel'));
const LookupsPanel = lazy(() => import('./LookupsPanel'));
const AuditPanel = lazy(() => import('./AuditPanel'));
const MailPanel = lazy(() => import('./MailPanel'));

type Section = 'queues' | 'reports' | 'search' | 'banner' | 'lookups' | 'mail' | 'audit';

const SECTIONS: readonly PageTab<Section>[] = [
  { key: 'queues', label: 'Queues' },
  { key: 'reports', label: 'Reports and refunds' },
  { key: 'search', label: 'Search' },
  { key: 'banner', label: 'Banner' },
  { key: 'lookups', label: 'Events and close reasons' },
  { key: 'mail', label: 'Mail' },
  { key: 'audit', label: 'Audit log' },
];

const PANELS: Record<Section, () => ReactElement> = {
  queues: () => <QueuesPanel />,
  reports: () => <ReportsPanel />,
  search: () => <SearchPanel />,
  banner: () => <BannerPanel />,
  lookups: () => <LookupsPanel />,
  mail: () => <MailPanel />,
  audit: () => <AuditPanel />,
};

function BackOffice(): ReactElement {
  const [section, setSection] = useState<Section>('queues');
  return (
    <div>
      <h1 className="text-3xl font-extrabold text-ink">Back office</h1>
      <div className="mt-4">
        <PageTabList
          label="Back office"
          idPrefix="admin"
          tabs={SECTIONS}
          selected={section}
          onSelect={setSection}
        />
      </div>
      <div
        role="tabpanel"
        id={panelIdOf('admin', section)}
        aria-labelledby={tabIdOf('admin', section)}
        className="py-6"
      >
        <Suspense fallback={<SessionPending label="Loading…" />}>{PANELS[section]()}</Suspense>
      </div>
    </div>
  );
}

function AdminShellContent(): ReactElement {
  const admin = useRequiredUser({ admin: true });
  if (!admin) return <SessionPending label="Checking your session…" />;
  return <BackOffice />;
}

/** /admin: the back office, shown only to a signed-in platform admin (everyone else lands on the 404 page). */
export default function AdminShell(): ReactElement {
  return (
    <IslandErrorBoundary>
      <AdminShellContent />
    </IslandErrorBoundary>
  );
}
