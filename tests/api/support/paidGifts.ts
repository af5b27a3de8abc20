import { DonationStatus, PaymentGateway } from '~/lib/enums';
import type { SavedCampaign } from './campaigns';
import { type DonationData, donated, donationBody, donorEmail, pollDonation } from './donations';
import {
  deliverOzow,
  eftReceived,
  iveriPress,
  iveriReturn,
  ozowPress,
  paypalDecide,
  paypalReturn,
  snapscanPress,
} from './gatewayDeliveries';
import { payAtSimulator } from './payfast';

/** The ways a gift can be paid in the API tests, each through its own simulator. */
export type PaidMethod = 'payfast' | 'ozow' | 'paypal' | 'paypalCard' | 'iveri' | 'snapscan' | 'eft';

const METHOD: Readonly<Record<PaidMethod, number>> = {
  payfast: PaymentGateway.PayFast,
  ozow: PaymentGateway.InstantEFT,
  paypal: PaymentGateway.PayPal,
  paypalCard: PaymentGateway.PayPalCard,
  iveri: PaymentGateway.IVeri,
  snapscan: PaymentGateway.SnapScan,
  eft: PaymentGateway.EFT,
};

/**
 * A gift to `campaign` paid through `method`'s simulator and booked (Accepted). PayPal pays in
 * dollars (a rand campaign counts it at the exchange rate); the rest in rand. EFT needs the admin's token.
 */
export async function paidGift(
  campaign: SavedCampaign,
  method: PaidMethod,
  donorToken: string,
  options: {
    amount?: number;
    tip?: number;
    adminToken?: string;
    email?: string;
    referralChannel?: string;
  } = {},
): Promise<DonationData> {
  const dollars = method === 'paypal' || method === 'paypalCard';
  const donation = await donated(
    donationBody({
      campaignUrl: campaign.url,
      currencyId: dollars ? 2 : 1,
      paymentMethod: METHOD[method],
      amount: options.amount ?? (dollars ? 20 : 250),
      tipOrAdminFeeAmount: options.tip ?? 0,
      email: options.email ?? donorEmail(`refund-${method}`),
      ...(options.referralChannel ? { referralChannel: options.referralChannel } : {}),
    }),
    donorToken,
  );
  switch (method) {
    case 'payfast':
      await payAtSimulator(donation);
      break;
    case 'ozow':
      await deliverOzow(await ozowPress(donation, 'pay'));
      break;
    case 'paypal':
    case 'paypalCard':
      await paypalReturn(await paypalDecide(donation, 'pay'));
      break;
    case 'iveri':
      await iveriReturn(await iveriPress(donation, 'pay'));
      break;
    case 'snapscan':
      await snapscanPress(donation, 'pay');
      break;
    case 'eft':
      if (!options.adminToken) throw new Error('an EFT gift needs the admin token');
      await eftReceived(donation, options.adminToken);
      break;
  }
  return pollDonation(donation.jwtTokenStringDonationId, (d) => d.status === DonationStatus.Accepted);
}
