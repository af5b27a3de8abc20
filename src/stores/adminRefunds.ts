import { map } from 'nanostores';
import {
  type CampaignRefunds,
  getCampaignRefunds,
  type RefundRequestBody,
  refundAllCall,
  refundDonationCall,
} from '~/lib/api/admin';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { formatMoney } from '~/lib/money';
import { notify } from './toast';

/** The back office's refunds of a campaign (docs/api/refunds.md): its donations with what remains, by campaign id. */
export const $campaignRefunds = map<Record<string, CampaignRefunds | undefined>>({});

export async function loadCampaignRefunds(campaignId: string): Promise<boolean> {
  try {
    const body = await getCampaignRefunds(campaignId);
    $campaignRefunds.setKey(campaignId, body.data);
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

/** Refunds one donation (all that remains when `amount` is empty), then reads the campaign's list again. */
export async function refundOneDonation(
  campaignId: string,
  donationId: string,
  body: RefundRequestBody,
): Promise<boolean> {
  try {
    const answer = await refundDonationCall(donationId, body);
    notify({
      type: 'success',
      message: answer.meta?.message || 'The donation was refunded.',
      duration: 2500,
    });
    await loadCampaignRefunds(campaignId);
    return true;
  } catch (error) {
    notifyStoreError(error);
    await loadCampaignRefunds(campaignId);
    return false;
  }
}

/** Refunds every donation of the campaign that its gateway can refund; says what is left to do by bank. */
export async function refundWholeCampaign(campaignId: string, reason: string): Promise<boolean> {
  try {
    const { data } = await refundAllCall(campaignId, reason);
    const currency = $campaignRefunds.get()[campaignId]?.currency ?? 1;
    const parts = [`${data.refunded} refunded (${formatMoney(data.totalRefunded, currency)})`];
    if (data.manual) parts.push(`${data.manual} to refund by bank transfer`);
    if (data.failed) parts.push(`${data.failed} refused by the gateway`);
    notify({
      type: data.failed ? 'warning' : 'success',
      message: `Donations: ${parts.join(', ')}.`,
      duration: 6000,
    });
    await loadCampaignRefunds(campaignId);
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}
