import { type ReactElement, useMemo } from 'react';
import type { OwnerCampaign } from '~/lib/api/campaigns';
import type { DonorsOf } from '~/lib/api/ownerDonations';
import { OwnerDonationList } from './OwnerDonationList';

/** The Donations tab: who gave to this campaign, the CSV, and thank-you messages. */
export function CampaignDonations({ campaign }: { campaign: OwnerCampaign }): ReactElement {
  const of = useMemo<DonorsOf>(() => ({ kind: 'campaigns', id: campaign.id }), [campaign.id]);
  return <OwnerDonationList of={of} fileName={`donations-${campaign.url}.csv`} canThank />;
}
