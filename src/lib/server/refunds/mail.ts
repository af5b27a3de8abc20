import { eq } from 'drizzle-orm';
import { paymentMethodLabel } from '~/lib/donationDisplay';
import { RefundKind } from '~/lib/enums';
import { formatMoney, fromCents } from '~/lib/money';
import type { EmailTemplate } from '~/lib/server/accounts/mailTemplates';
import { withCampaignSettingsAndOwner } from '~/lib/server/db/joins';
import { campaignSettings, campaigns, donationRefunds, donations, users } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { campaignLink } from '~/lib/server/donations/mail';
import { mailAlongside, sendMail } from '~/lib/server/mail/send';
import { renderEmail } from '~/lib/server/platform/mailLayout';

/** The mails a refund, a chargeback or a reversal sends: the donor, and the campaign's owner. */

const money = (cents: number, currencyId: number): string => formatMoney(fromCents(cents), currencyId);

/** How long the money takes to arrive, by the way it goes back. */
const arrivalOf = (gatewayRefund: boolean): string =>
  gatewayRefund
    ? 'Card refunds usually reach your account within 5 to 10 working days, and instant EFT or wallet refunds within 3 to 5.'
    : 'We paid it back by bank transfer; it usually shows within 2 working days.';

export interface RefundMailInput {
  donorFirstName: string;
  campaignName: string;
  campaignLink: string;
  ownerFirstName: string;
  currencyId: number;
  /** What went back to the donor now: gift plus any tip, in the donation's currency. */
  backCents: number;
  /** The part of the gift the campaign gave up, in the campaign's currency. */
  campaignCents: number;
  campaignCurrencyId: number;
  paymentMethod: string;
  gatewayRefund: boolean;
  reason: string;
  reference: string;
}

/** To the donor: their money is on its way back. */
export function donorRefundEmail(input: RefundMailInput): EmailTemplate {
  const amount = money(input.backCents, input.currencyId);
  return {
    subject: `Your donation to ${input.campaignName} was refunded`,
    ...renderEmail({
      preview: `${amount} is on its way back to you.`,
      firstName: input.donorFirstName,
      intro: [
        `We have refunded ${amount} of your donation to ${input.campaignName}.`,
        arrivalOf(input.gatewayRefund),
      ],
      details: [
        { label: 'Refunded', value: amount },
        { label: 'Paid with', value: input.paymentMethod },
        { label: 'Reason', value: input.reason },
        { label: 'Reference', value: input.reference },
      ],
      action: { label: 'View the campaign', link: input.campaignLink },
      outro: ['If anything is not as it should be, reply to this mail and we will help.'],
    }),
  };
}

/** To the campaign's owner: a donation was refunded by staff, and what the campaign gave up. */
export function ownerRefundEmail(input: RefundMailInput, kind: number): EmailTemplate {
  const amount = money(input.campaignCents, input.campaignCurrencyId);
  const what =
    kind === RefundKind.Chargeback
      ? `A donor disputed a payment to ${input.campaignName}, and ${amount} went back to them.`
      : kind === RefundKind.ChargebackReversal
        ? `A disputed payment to ${input.campaignName} was decided in the campaign's favour: ${amount} is counted again.`
        : `Letsema staff refunded ${amount} of a donation to ${input.campaignName}.`;
  return {
    subject:
      kind === RefundKind.ChargebackReversal
        ? `A disputed donation to ${input.campaignName} is back`
        : `A donation to ${input.campaignName} was refunded`,
    ...renderEmail({
      preview: what,
      firstName: input.ownerFirstName,
      intro: [what, 'Your campaign’s total and the funds available for payout follow it.'],
      details: [
        { label: 'Amount', value: amount },
        { label: 'Reason', value: input.reason },
      ],
      action: { label: 'View your campaign', link: input.campaignLink },
      outro: [],
    }),
  };
}

/**
 * Queues the donor's (refunds only) and the owner's mail about ledger row `refundId` in `tx`, the
 * transaction that books or completes it; never throws (the money is booked either way).
 */
export async function sendRefundMails(tx: DbOrTx, refundId: string, gatewayRefund: boolean): Promise<void> {
  await mailAlongside(tx, `refund ${refundId}`, async (db) => {
    const [row] = await withCampaignSettingsAndOwner(
      db
        .select({
          refund: donationRefunds,
          donation: donations,
          campaign: campaigns,
          owner: users,
          campaignCurrencyId: campaignSettings.currencyId,
        })
        .from(donationRefunds)
        .innerJoin(donations, eq(donations.id, donationRefunds.donationId))
        .innerJoin(campaigns, eq(campaigns.id, donationRefunds.campaignId))
        .$dynamic(),
    ).where(eq(donationRefunds.id, refundId));
    if (!row) return;
    const { refund, donation, campaign, owner, campaignCurrencyId } = row;
    const input: RefundMailInput = {
      donorFirstName: donation.firstName,
      campaignName: campaign.name,
      campaignLink: campaignLink(campaign.url),
      ownerFirstName: owner.firstName,
      currencyId: donation.currencyId,
      backCents: refund.amount + refund.tipAmount,
      campaignCents: refund.campaignAmount,
      campaignCurrencyId,
      paymentMethod: paymentMethodLabel(donation.paymentMethod),
      gatewayRefund,
      reason: refund.reason,
      reference: donation.reference,
    };
    if (refund.kind === RefundKind.Refund && donation.email)
      await sendMail({ to: donation.email, ...donorRefundEmail(input) }, { tx: db, capped: false });
    await sendMail({ to: owner.email, ...ownerRefundEmail(input, refund.kind) }, { tx: db, capped: false });
  });
}
