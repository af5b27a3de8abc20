import type { PayoutView } from '~/lib/contracts/payouts';
import { formatMoney } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { sendMail } from '~/lib/server/platform/mail';
import { renderEmail, SITE_NAME } from '~/lib/server/platform/mailLayout';

/** Where the requester follows the payout: its organisation's or its campaign's payouts page. */
function payoutsPageOf(payout: PayoutView): string {
  if (payout.organisationId) return `${env.publicUrl}/payout/organization/${payout.organisationId}`;
  return `${env.publicUrl}/payout/campaign/${payout.campaignId ?? payout.items[0]?.campaignId ?? ''}`;
}

/** Tells the requester their payout request arrived; a failed mail never fails the request. */
export async function mailPayoutRequested(user: SessionUser, payout: PayoutView): Promise<void> {
  const amount = formatMoney(payout.amount, payout.currency);
  const message = {
    subject: `We received your payout request for ${amount}`,
    ...renderEmail({
      preview: `Your payout request for ${amount} is waiting for review.`,
      firstName: user.firstName,
      intro: [
        `Thank you. We received your request to pay out ${amount} on ${SITE_NAME}.`,
        'Our team reviews requests within 2 business days. We will email you when it is approved and again when the money is paid.',
      ],
      details: [
        ...payout.items.map((item) => ({
          label: item.campaignName,
          value: formatMoney(item.amount, payout.currency),
        })),
        ...(payout.tipAmount > 0
          ? [{ label: `Tip to ${SITE_NAME}`, value: formatMoney(payout.tipAmount, payout.currency) }]
          : []),
      ],
      action: { label: 'See your payouts', link: payoutsPageOf(payout) },
      outro: ['If you did not request this payout, reply to this email at once.'],
    }),
  };
  await sendMail({ to: user.email, ...message }, { capped: false }).catch((error: unknown) => {
    log.error({ area: 'payouts', payoutId: payout.id, err: error }, 'Payout confirmation not mailed');
  });
}
