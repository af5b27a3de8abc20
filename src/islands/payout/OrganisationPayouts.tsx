import { type ReactElement, useCallback, useEffect, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { organisationEditHref } from '~/islands/organisation/organisationLinks';
import { TitledSection } from '~/islands/shared/TitledSection';
import type { OrganisationFundingInfo } from '~/lib/api/payouts';
import { Currency } from '~/lib/enums';
import { loadPayouts } from '~/stores/payouts';
import { BankingStatus } from './BankingStatus';
import { OrganisationTotals } from './FundingSummary';
import { OrganisationPayoutForm } from './OrganisationPayoutForm';
import { PayoutHistory } from './PayoutHistory';
import { loadOrganisationFunding } from './payoutActions';

/**
 * /payout/organization/{id}: the organisation's funding (each campaign's available amount and
 * the rand totals), the payout form splitting an amount across campaigns, and its payouts.
 */
export function OrganisationPayouts({ organisationId }: { organisationId: string }): ReactElement {
  const [funding, setFunding] = useState<OrganisationFundingInfo | null>(null);

  const refresh = useCallback(async (): Promise<void> => {
    const loaded = await loadOrganisationFunding(organisationId);
    if (loaded) setFunding(loaded);
  }, [organisationId]);

  useEffect(() => {
    void refresh();
    void loadPayouts(organisationId);
  }, [organisationId, refresh]);

  if (!funding) return <SessionPending label="Loading the organisation's funds…" />;

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-xl font-bold text-ink">{funding.legalName}</h2>
        <a href={organisationEditHref(organisationId)} className="text-sm font-semibold text-brand underline">
          Manage the organisation
        </a>
      </div>
      <OrganisationTotals totals={funding.campaignTotals} />
      <BankingStatus
        status={funding.bankingDetailStatus}
        verificationHref={organisationEditHref(organisationId, 'verification')}
      />
      <TitledSection id="payout-request" title="Request a payout" className="space-y-4">
        {/* A new form when the campaigns listed change, so its amounts follow them (the figures it reads from funding). */}
        <OrganisationPayoutForm
          key={funding.campaignFundingInfo.map((c) => c.id).join()}
          funding={funding}
          onRequested={() => void refresh()}
        />
      </TitledSection>
      <TitledSection id="payout-history" title="The organisation's payouts" className="space-y-4">
        <PayoutHistory ownerId={organisationId} currency={Currency.Rand} showCampaigns />
      </TitledSection>
    </div>
  );
}
