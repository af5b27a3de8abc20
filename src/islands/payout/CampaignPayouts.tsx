import { type ReactElement, useCallback, useEffect, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { editorTabHref } from '~/islands/editor/editorLinks';
import { TitledSection } from '~/islands/shared/TitledSection';
import type { CampaignFundingInfo } from '~/lib/api/payouts';
import { campaignHref } from '~/lib/campaignDisplay';
import { FundingType } from '~/lib/enums';
import { loadPayouts } from '~/stores/payouts';
import { BankingStatus } from './BankingStatus';
import { BluetickPayoutForm } from './BluetickPayoutForm';
import { CampaignPayoutForm } from './CampaignPayoutForm';
import { FundingSummary } from './FundingSummary';
import { PayoutHistory } from './PayoutHistory';
import { loadCampaignFunding } from './payoutActions';

/**
 * /payout/campaign/{id}: the campaign's funding, where payouts go, the request form (the
 * Bluetick form for funding type 1, SPEC §6) and its payouts. Unknown or foreign: /misc/404.
 */
export function CampaignPayouts({ campaignId }: { campaignId: string }): ReactElement {
  const [funding, setFunding] = useState<CampaignFundingInfo | null>(null);

  const refresh = useCallback(async (): Promise<void> => {
    const loaded = await loadCampaignFunding(campaignId);
    if (loaded) setFunding(loaded);
  }, [campaignId]);

  useEffect(() => {
    void refresh();
    void loadPayouts(campaignId);
  }, [campaignId, refresh]);

  if (!funding) return <SessionPending label="Loading the campaign's funds…" />;

  const bluetick = funding.fundingType === FundingType.Bluetick;
  const path = funding.url.split('/').filter(Boolean).pop() ?? '';
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-xl font-bold text-ink">{funding.name}</h2>
        {path ? (
          <a href={campaignHref(path)} className="text-sm font-semibold text-brand underline">
            View campaign
          </a>
        ) : null}
      </div>
      <FundingSummary funding={funding} />
      {bluetick ? null : (
        <BankingStatus
          status={funding.bankingDetailStatus}
          verificationHref={editorTabHref(funding.id, 'verification')}
        />
      )}
      <TitledSection id="payout-request" title="Request a payout" className="space-y-4">
        {bluetick ? (
          <BluetickPayoutForm funding={funding} onRequested={() => void refresh()} />
        ) : (
          <CampaignPayoutForm funding={funding} onRequested={() => void refresh()} />
        )}
      </TitledSection>
      <TitledSection id="payout-history" title="Your payouts" className="space-y-4">
        <PayoutHistory ownerId={funding.id} currency={funding.currency} />
      </TitledSection>
    </div>
  );
}
