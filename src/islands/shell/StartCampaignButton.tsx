import { useStore } from '@nanostores/react';
import type { ReactElement, ReactNode } from 'react';
import { $currentUser } from '~/stores/tokens';
import { IslandErrorBoundary } from './IslandErrorBoundary';
import { StartCampaignLink } from './StartCampaignLink';
import { useHydrated } from './useHydrated';

interface Props {
  className: string;
  children?: ReactNode;
}

function StartCampaignButtonContent({ className, children }: Props): ReactElement {
  const hydrated = useHydrated();
  const user = useStore($currentUser);
  return (
    <StartCampaignLink signedIn={hydrated && user !== null} className={className}>
      {children ?? 'Start a campaign'}
    </StartCampaignLink>
  );
}

/** A START CAMPAIGN call to action outside the navbar (home hero, footer block); same behaviour as the navbar's. */
export default function StartCampaignButton(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <StartCampaignButtonContent {...props} />
    </IslandErrorBoundary>
  );
}
