import { eq } from 'drizzle-orm';
import type { AdminCampaignMove } from '~/lib/contracts/admin';
import { FundingType } from '~/lib/enums';
import type { AdminCampaignMoveInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { lockCampaignFunding } from '~/lib/server/campaigns/writes';
import { getDb } from '~/lib/server/db';
import { campaigns, organisations } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { recordAudit } from '~/lib/server/platform/audit';
import { ADMIN_API_MESSAGES as M } from './messages';

async function organisationOf(db: DbOrTx, id: string): Promise<{ id: string; legalName: string } | null> {
  const [row] = await db
    .select({ id: organisations.id, legalName: organisations.legalName })
    .from(organisations)
    .where(eq(organisations.id, id));
  return row ?? null;
}

/**
 * `PATCH /admin/campaigns/{id}/organisation`: the one way to move the money of a
 * campaign whose funding is locked (counted donations, a payout not declined):
 * to another organisation, to none (paid to its owner), or to the other funding
 * type. Under the campaign's row lock, as owners' edits; one audit entry
 * 'campaign-move' with `{ before, after, reason }` (each `{ organisationId,
 * fundingType }`), which the back office's review reads as a signal.
 */
export async function moveCampaign(
  admin: SessionUser,
  id: string,
  input: AdminCampaignMoveInput,
): Promise<AdminCampaignMove> {
  const campaignId = uuidOrNull(id);
  if (!campaignId) throw notFound(M.campaignNotFound);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await lockCampaignFunding(tx, campaignId);
    if (!before) throw notFound(M.campaignNotFound);
    const organisation = input.organisation ? await organisationOf(tx, input.organisation) : null;
    if (input.organisation && !organisation) throw notFound(M.organisationNotFound);
    const after = {
      organisationId: organisation?.id ?? null,
      fundingType: organisation ? FundingType.Standard : (input.fundingType ?? before.fundingType),
    };
    if (after.organisationId === before.organisationId && after.fundingType === before.fundingType) {
      throw badRequest(M.campaignMoveSame);
    }
    await tx
      .update(campaigns)
      .set({ organisationId: after.organisationId, fundingType: after.fundingType })
      .where(eq(campaigns.id, campaignId));
    await recordAudit(
      {
        actorId: admin.id,
        action: 'campaign-move',
        entity: 'campaign',
        entityId: campaignId,
        details: { before, after, reason: input.reason },
      },
      tx,
    );
    return { id: campaignId, organisation, fundingType: after.fundingType };
  });
}
