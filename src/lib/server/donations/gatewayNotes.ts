import { eq } from 'drizzle-orm';
import { gatewayNotifications } from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import type { VerifiedPayment } from '~/lib/server/payments/types';

/**
 * Stores a verified notification in `gateway_notifications`; null when this gateway id was seen
 * before (then nothing else may change: the unique key makes a replay, or a delivery racing
 * this one, a no-op). `error` marks a notification that was kept but not booked.
 */
export async function recordNotification(
  tx: Tx,
  payment: VerifiedPayment,
  links: { donationId?: string; recurringDonationId?: string },
  error: string | null = null,
): Promise<number | null> {
  const [row] = await tx
    .insert(gatewayNotifications)
    .values({
      gateway: payment.gateway,
      gatewayId: payment.gatewayPaymentId,
      donationId: links.donationId ?? null,
      recurringDonationId: links.recurringDonationId ?? null,
      payload: payment.payload,
      verified: true,
      processed: error === null,
      error,
      processedAt: new Date(),
    })
    .onConflictDoNothing({ target: [gatewayNotifications.gateway, gatewayNotifications.gatewayId] })
    .returning({ id: gatewayNotifications.id });
  return row?.id ?? null;
}

/** Marks a stored notification as kept but not booked, and why. */
export async function markNotification(tx: Tx, id: number, error: string): Promise<void> {
  await tx
    .update(gatewayNotifications)
    .set({ processed: false, error })
    .where(eq(gatewayNotifications.id, id));
}
