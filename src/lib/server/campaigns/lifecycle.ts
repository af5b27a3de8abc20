import { eq } from 'drizzle-orm';
import { launchProblemSummary, launchProblems } from '~/lib/campaignLaunch';
import type { OwnerCampaign } from '~/lib/contracts/campaigns';
import { CampaignStatus } from '~/lib/enums';
import { CAMPAIGN_MESSAGES, type CloseCampaignInput } from '~/lib/schemas/campaign';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { campaigns, closeReasons, users } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest } from '~/lib/server/http/errors';
import { recordAudit } from '~/lib/server/platform/audit';
import { findCampaignForEdit } from './access';
import { loadCampaignImages } from './images';
import { launchFactsOf } from './launchRules';
import { getCampaignOwnerView } from './ownerView';

export const LIFECYCLE_MESSAGES = {
  launched: 'Campaign launched successfully!',
  closed: 'Campaign closed successfully',
  emailNotConfirmed: 'Please confirm your email address before launching your campaign.',
  closedCannotLaunch: 'A closed campaign cannot be launched.',
  alreadyClosed: 'This campaign is already closed.',
} as const;

// The database, not the token: a user who confirmed after signing in carries an older token.
async function hasConfirmedEmail(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ confirmed: users.emailConfirmed }).from(users).where(eq(users.id, userId));
  return row?.confirmed === true;
}

/**
 * `PATCH /campaigns/{id}/launch`: publishes a complete campaign. Needs a
 * confirmed email; 400 with a field error for each missing piece. Launching
 * a launched campaign again changes nothing.
 */
export async function launchCampaign(user: SessionUser, id: string): Promise<OwnerCampaign> {
  const campaign = await findCampaignForEdit(user, id);
  if (!(await hasConfirmedEmail(user.id))) throw badRequest(LIFECYCLE_MESSAGES.emailNotConfirmed);
  if (campaign.status === CampaignStatus.Closed) throw badRequest(LIFECYCLE_MESSAGES.closedCannotLaunch);
  if (!campaign.published) {
    const problems = launchProblems(launchFactsOf(campaign, (await loadCampaignImages(campaign.id)).length));
    if (Object.keys(problems).length > 0) throw badRequest(launchProblemSummary(problems), problems);
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx
        .update(campaigns)
        .set({
          published: true,
          launchedAt: new Date(),
          // A draft whose end date was once past is launched only with a future one: it is active again.
          ...(campaign.status === CampaignStatus.Expired ? { status: CampaignStatus.Active } : {}),
        })
        .where(eq(campaigns.id, campaign.id));
      await recordAudit(
        { actorId: user.id, action: 'campaign-launch', entity: 'campaign', entityId: campaign.id },
        tx,
      );
    });
  }
  return getCampaignOwnerView(user, campaign.id);
}

/**
 * Closes a campaign for good inside `tx`: the reason must be on the close-reasons
 * list. Records no audit entry (the caller records its own); answers the reason id.
 */
export async function applyCampaignClose(
  tx: DbOrTx,
  campaign: { id: string; status: number },
  input: CloseCampaignInput,
): Promise<number> {
  if (campaign.status === CampaignStatus.Closed) throw badRequest(LIFECYCLE_MESSAGES.alreadyClosed);
  const [reason] = await tx
    .select({ id: closeReasons.id })
    .from(closeReasons)
    .where(eq(closeReasons.id, input.closeReasonId));
  if (!reason) {
    throw badRequest(CAMPAIGN_MESSAGES.closeReason, { closeReasonId: [CAMPAIGN_MESSAGES.closeReason] });
  }
  await tx
    .update(campaigns)
    .set({
      status: CampaignStatus.Closed,
      closedAt: new Date(),
      closeReasonId: reason.id,
      closeNote: input.note ?? null,
    })
    .where(eq(campaigns.id, campaign.id));
  return reason.id;
}

/** `PATCH /campaigns/{id}/close`: closes for good, with a reason from the close-reasons list and a note. */
export async function closeCampaign(
  user: SessionUser,
  id: string,
  input: CloseCampaignInput,
): Promise<OwnerCampaign> {
  const campaign = await findCampaignForEdit(user, id);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const closeReasonId = await applyCampaignClose(tx, campaign, input);
    await recordAudit(
      {
        actorId: user.id,
        action: 'campaign-close',
        entity: 'campaign',
        entityId: campaign.id,
        details: { closeReasonId },
      },
      tx,
    );
  });
  return getCampaignOwnerView(user, campaign.id);
}
