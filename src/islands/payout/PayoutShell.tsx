import type { ReactElement } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { useRequiredUser } from '~/islands/auth/useRequiredUser';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { PROFILE_TAB, profileTabHref } from '~/lib/siteLinks';

function PayoutShellContent(): ReactElement {
  const user = useRequiredUser();
  if (!user) return <SessionPending label="Checking your session…" />;
  return (
    <div className="space-y-4">
      <p className="text-ink-muted">
        Payout requests are not available on this page yet. Your campaigns and the funds they have raised will
        be listed under My Campaigns.
      </p>
      <a href={profileTabHref(PROFILE_TAB.campaigns)} className="btn-primary">
        Go to My Campaigns
      </a>
    </div>
  );
}

/** The protected /payout/* area (SPEC §2): only its sign-in guard exists so far. */
export default function PayoutShell(): ReactElement {
  return (
    <IslandErrorBoundary>
      <PayoutShellContent />
    </IslandErrorBoundary>
  );
}
