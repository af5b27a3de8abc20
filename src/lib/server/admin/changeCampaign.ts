import { eq } from 'drizzle-orm';
import type { AdminCampaignHit } from '~/lib/contracts/admin';
import { CampaignStatus } from '~/lib/enums';
import type { AdminCampaignChangeInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { applyCampaignClose } from '~/lib/server/campaigns/lifecycle';
import { getDb } from '~/lib/server/db';
import { campaignSettings, campaigns } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { recordAudit } from '~/lib/server/platform/audit';
import { ADMIN_API_MESSAGES as M } from './messages';
import { campaignHitOf, selectCampaignHits } from './search';

async function loadHit(db: DbOrTx, id: string): Promise<AdminCampaignHit | null> {
  const [row] = await selectCampaignHits(db).where(eq(campaigns.id, id));
  return row ? campaignHitOf(row) : null;
}

/** The status a campaign shown again returns to: expired when its end date has passed. */
function shownStatus(endDate: Date | null, now: Date): number {
  return endDate && endDate < now ? CampaignStatus.Expired : CampaignStatus.Active;
}

/**
 * `PATCH /admin/campaigns/{id}`: hide or show it (status Hidden ↔ Active or
 * Expired), mark it featured or not, close it with a reason (the owner's own
 * close rule, campaigns/lifecycle.ts), switch debit orders (Paysoft) or SnapScan on or off. All in one transaction with the row
 * locked; one audit entry with the campaign before and after.
 */
export async function changeCampaign(
  admin: SessionUser,
  id: string,
  input: AdminCampaignChangeInput,
): Promise<AdminCampaignHit> {
  const campaignId = uuidOrNull(id);
  if (!campaignId) throw notFound(M.campaignNotFound);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: campaigns.id, status: campaigns.status, endDate: campaigns.endDate })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .for('update');
    const before = row ? await loadHit(tx, campaignId) : null;
    if (!row || !before) throw notFound(M.campaignNotFound);
    if (input.hidden !== undefined) {
      if (row.status === CampaignStatus.Closed) throw badRequest(M.closedCampaignVisibility);
      const status = input.hidden ? CampaignStatus.Hidden : shownStatus(row.endDate, new Date());
      if (input.hidden !== (row.status === CampaignStatus.Hidden)) {
        await tx.update(campaigns).set({ status }).where(eq(campaigns.id, campaignId));
        row.status = status;
      }
    }
    if (input.featured !== undefined) {
      await tx.update(campaigns).set({ featured: input.featured }).where(eq(campaigns.id, campaignId));
    }
    const gateways = {
      ...(input.paysoft !== undefined ? { showPaysoft: input.paysoft } : {}),
      ...(input.snapscan !== undefined ? { showSnapscan: input.snapscan } : {}),
    };
    if (Object.keys(gateways).length > 0)
      await tx.update(campaignSettings).set(gateways).where(eq(campaignSettings.campaignId, campaignId));
    const review = {
      ...(input.pauseDonations !== undefined
        ? {
            donationsPausedAt: input.pauseDonations ? new Date() : null,
            donationsPausedReason: input.pauseDonations?.reason ?? null,
          }
        : {}),
      ...(input.holdPayouts !== undefined
        ? {
            payoutsHeldAt: input.holdPayouts ? new Date() : null,
            payoutsHeldReason: input.holdPayouts?.reason ?? null,
          }
        : {}),
    };
    if (Object.keys(review).length > 0)
      await tx.update(campaignSettings).set(review).where(eq(campaignSettings.campaignId, campaignId));
    if (input.close) await applyCampaignClose(tx, row, input.close);
    const after = await loadHit(tx, campaignId);
    if (!after) throw notFound(M.campaignNotFound);
    await recordAudit(
      {
        actorId: admin.id,
        action: 'admin-campaign-update',
        entity: 'campaign',
        entityId: campaignId,
        details: {
          ...(input.close
            ? { closeReasonId: input.close.closeReasonId, note: input.close.note ?? null }
            : {}),
          ...(input.pauseDonations !== undefined ? { pauseDonations: input.pauseDonations } : {}),
          ...(input.holdPayouts !== undefined ? { holdPayouts: input.holdPayouts } : {}),
        },
        before,
        after,
      },
      tx,
    );
    return after;
  });
}
