import type { PayoutView } from '~/lib/contracts/payouts';
import { formatMoney } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import type { DbOrTx } from '~/lib/server/db/types';
import { mailAlongside, sendMail } from '~/lib/server/mail/send';
import { env } from '~/lib/server/platform/env';
import { renderEmail, SITE_NAME } from '~/lib/server/platform/mailLayout';

/** Where the requester follows the payout: its organisation's or its campaign's payouts page. */
function payoutsPageOf(payout: PayoutView): string {
  if (payout.organisationId) return `${env.publicUrl}/payout/organization/${payout.organisationId}`;
  return `${env.publicUrl}/payout/campaign/${payout.campaignId ?? payout.items[0]?.campaignId ?? ''}`;
}

/**
 * Queues the requester's word that their payout request arrived, in `tx`, the transaction that
 * makes it; a mail that cannot be queued never fails the request.
 */
export async function mailPayoutRequested(tx: DbOrTx, user: SessionUser, payout: PayoutView): Promise<void> {
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
  await mailAlongside(tx, `the confirmation of payout ${payout.id}`, (db) =>
    sendMail({ to: user.email, ...message }, { tx: db, capped: false }).then(() => undefined),
  );
}
