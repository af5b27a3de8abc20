import { eq } from 'drizzle-orm';
import type { Donation } from '~/lib/contracts/donations';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { donations } from '~/lib/server/db/schema';
import { markEftReceived } from '~/lib/server/donations/eft';
import { uuidOrNull } from '~/lib/server/http/ids';
import { recordAudit } from '~/lib/server/platform/audit';

async function statusOf(id: string | null): Promise<number | null> {
  if (!id) return null;
  const db = await getDb();
  const [row] = await db.select({ status: donations.status }).from(donations).where(eq(donations.id, id));
  return row?.status ?? null;
}

/**
 * `PATCH /admin/donations/{id}/eft-received`: the EFT reconciliation of
 * donations/eft.ts (settled once, totals updated, receipt sent), plus the
 * admin action's one audit entry.
 */
export async function reconcileEftDonation(admin: SessionUser, id: string, body: unknown): Promise<Donation> {
  const donationId = uuidOrNull(id);
  const before = await statusOf(donationId);
  const donation = await markEftReceived(admin, id, body);
  await recordAudit({
    actorId: admin.id,
    action: 'admin-eft-received',
    entity: 'donation',
    entityId: donationId,
    before: { status: before },
    after: { status: await statusOf(donationId), amountReceived: donation.amount },
  });
  return donation;
}
