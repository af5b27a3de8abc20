import type { CampaignDetail } from '~/lib/contracts/campaigns';
import type { CurrencyInfo } from '~/lib/contracts/lookups';

/**
 * Only what the donation form reads of the campaign detail (SPEC §3), in the detail's own
 * shape: the page hands the island nothing more, so the browser carries no more of it.
 */
export type DonationFormCampaign = Pick<CampaignDetail, 'id' | 'name' | 'defaultTipPercentage'> & {
  campaignSetting: Pick<
    CampaignDetail['campaignSetting'],
    'showGateways' | 'isRecurringGivingCampaign' | 'isAdminFee' | 'adminFeeRate'
  > & { currency: Pick<CurrencyInfo, 'id'> };
};

/** The campaign detail cut down to what the donation form reads. */
export function donationFormCampaignOf(detail: CampaignDetail): DonationFormCampaign {
  const setting = detail.campaignSetting;
  return {
    id: detail.id,
    name: detail.name,
    defaultTipPercentage: detail.defaultTipPercentage,
    campaignSetting: {
      currency: { id: setting.currency.id },
      showGateways: setting.showGateways,
      isRecurringGivingCampaign: setting.isRecurringGivingCampaign,
      isAdminFee: setting.isAdminFee,
      adminFeeRate: setting.adminFeeRate,
    },
  };
}
