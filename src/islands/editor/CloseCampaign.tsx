import type { ReactElement } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import type { OwnerCampaign } from '~/lib/api/campaigns';
import { formatShortDate } from '~/lib/dates';
import { CampaignStatus } from '~/lib/enums';
import { CloseReasonForm } from './CloseReasonForm';
import { closeWithReason } from './campaignActions';

/** The Close tab: closes the campaign for good with a reason (PATCH /campaigns/{id}/close). */
export function CloseCampaign({
  campaign,
  onClosed,
}: {
  campaign: OwnerCampaign;
  onClosed: () => void;
}): ReactElement {
  if (campaign.status === CampaignStatus.Closed) {
    return (
      <FormNotice tone="info">
        This campaign is closed
        {campaign.closedAt ? ` since ${formatShortDate(campaign.closedAt)}` : ''}
        {campaign.closeReason ? ` (${campaign.closeReason.name})` : ''}. It no longer takes donations.
      </FormNotice>
    );
  }

  return (
    <CloseReasonForm
      campaignName={campaign.name}
      label="Close campaign"
      reasonLabel="Why are you closing it?"
      noteHint="Anything you would like to add."
      confirmLabel="Yes, close the campaign"
      className="space-y-5"
      onClose={(close) => closeWithReason(campaign.id, close)}
      onClosed={onClosed}
    >
      <p className="text-ink-muted">
        Closing stops donations and shows the campaign as closed. Funds already raised can still be paid out.
        A closed campaign cannot be opened again.
      </p>
    </CloseReasonForm>
  );
}
