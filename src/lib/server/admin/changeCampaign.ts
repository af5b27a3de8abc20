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

type LockedCampaign = { id: string; status: number; endDate: Date | null };

/** Hidden, or shown again (Active, or Expired past its end date); a closed campaign stays as it is. */
async function applyVisibility(tx: DbOrTx, row: LockedCampaign, hidden: boolean): Promise<void> {
  if (row.status === CampaignStatus.Closed) throw badRequest(M.closedCampaignVisibility);
  if (hidden === (row.status === CampaignStatus.Hidden)) return;
  const status = hidden ? CampaignStatus.Hidden : shownStatus(row.endDate, new Date());
  await tx.update(campaigns).set({ status }).where(eq(campaigns.id, row.id));
  row.status = status;
}

/** The campaign's settings the change names: gateways shown, donations paused, payouts held. */
function settingsChangeOf(
  input: AdminCampaignChangeInput,
  now: Date,
): Partial<typeof campaignSettings.$inferInsert> {
  const { paysoft, snapscan, pauseDonations, holdPayouts } = input;
  return {
    ...(paysoft === undefined ? {} : { showPaysoft: paysoft }),
    ...(snapscan === undefined ? {} : { showSnapscan: snapscan }),
    ...(pauseDonations === undefined
      ? {}
      : {
          donationsPausedAt: pauseDonations ? now : null,
          donationsPausedReason: pauseDonations?.reason ?? null,
        }),
    ...(holdPayouts === undefined
      ? {}
      : { payoutsHeldAt: holdPayouts ? now : null, payoutsHeldReason: holdPayouts?.reason ?? null }),
  };
}

/** What the audit entry says beyond the before and after: the close reason, a pause or hold and its reason. */
function auditDetailsOf(input: AdminCampaignChangeInput): Record<string, unknown> {
  return {
    ...(input.close ? { closeReasonId: input.close.closeReasonId, note: input.close.note ?? null } : {}),
    ...(input.pauseDonations === undefined ? {} : { pauseDonations: input.pauseDonations }),
    ...(input.holdPayouts === undefined ? {} : { holdPayouts: input.holdPayouts }),
  };
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
    if (input.hidden !== undefined) await applyVisibility(tx, row, input.hidden);
    if (input.featured !== undefined) {
      await tx.update(campaigns).set({ featured: input.featured }).where(eq(campaigns.id, campaignId));
    }
    const settings = settingsChangeOf(input, new Date());
    if (Object.keys(settings).length > 0)
      await tx.update(campaignSettings).set(settings).where(eq(campaignSettings.campaignId, campaignId));
    if (input.close) await applyCampaignClose(tx, row, input.close);
    const after = await loadHit(tx, campaignId);
    if (!after) throw notFound(M.campaignNotFound);
    await recordAudit(
      {
        actorId: admin.id,
        action: 'admin-campaign-update',
        entity: 'campaign',
        entityId: campaignId,
        details: auditDetailsOf(input),
        before,
        after,
      },
      tx,
    );
    return after;
  });
}
