import type { ReactElement } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { useRequiredUser } from '~/islands/auth/useRequiredUser';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { CampaignPayouts } from './CampaignPayouts';
import { OrganisationPayouts } from './OrganisationPayouts';

export type PayoutPageKind = 'campaign' | 'organization';

function PayoutContent({ kind, id }: { kind: PayoutPageKind; id: string }): ReactElement {
  const user = useRequiredUser();
  if (!user) return <SessionPending label="Checking your session…" />;
  return kind === 'campaign' ? (
    <CampaignPayouts campaignId={id} />
  ) : (
    <OrganisationPayouts organisationId={id} />
  );
}

/** The protected /payout/* pages (SPEC §2): a campaign's or an organisation's funds and payouts. */
export default function PayoutPage({ kind, id }: { kind: PayoutPageKind; id: string }): ReactElement {
  return (
    <IslandErrorBoundary>
      <PayoutContent kind={kind} id={id} />
    </IslandErrorBoundary>
  );
}
