import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { DonationStatus, PayoutStatus } from '~/lib/enums';
import type { SocialLink } from '~/lib/schemas/campaign';
import { CAMPAIGN_MESSAGES } from '~/lib/schemas/campaign';
import type { AddressInput } from '~/lib/schemas/profile';
import { getDb } from '~/lib/server/db';
import {
  campaignAddresses,
  campaignSocials,
  campaignSubCategories,
  campaigns,
  campaignVideos,
  donations,
  events,
  organisationUsers,
  payoutItems,
  payouts,
} from '~/lib/server/db/schema';
import type { DbOrTx, Tx } from '~/lib/server/db/types';
import { badRequest, conflict, type FieldErrors, forbidden } from '~/lib/server/http/errors';

/** Throws one 400 naming every field in `errors` (the first message is the toast); nothing when empty. */
export function throwFieldErrors(errors: FieldErrors): void {
  const first = Object.values(errors)[0]?.[0];
  if (first) throw badRequest(first, errors);
}

export interface CampaignReferences {
  /** The category the sub-category must belong to. */
  category: number;
  /** Checked when not null. */
  subCategory: number | null;
  event: number | null;
}

/** Field errors for references that do not hold: a sub-category of another category, an unknown event. */
export async function referenceProblems(refs: CampaignReferences, db?: DbOrTx): Promise<FieldErrors> {
  const conn = db ?? (await getDb());
  const [sub, event] = await Promise.all([
    refs.subCategory === null
      ? null
      : conn
          .select({ categoryId: campaignSubCategories.campaignCategoryId })
          .from(campaignSubCategories)
          .where(eq(campaignSubCategories.id, refs.subCategory))
          .then((rows) => rows[0] ?? null),
    refs.event === null
      ? null
      : conn
          .select({ id: events.id })
          .from(events)
          .where(eq(events.id, refs.event))
          .then((rows) => rows[0] ?? null),
  ]);
  const errors: FieldErrors = {};
  if (refs.subCategory !== null && sub?.categoryId !== refs.category) {
    errors.campaignSubCategory = [CAMPAIGN_MESSAGES.subCategory];
  }
  if (refs.event !== null && !event) errors.event = [CAMPAIGN_MESSAGES.event];
  return errors;
}

/**
 * 403 unless the campaign's owner has a role in the organisation: Owner, Admin or Editor
 * (an Organisation campaign) or Champion (a Champion campaign, SPEC §2 "campaign types").
 * It is the owner's membership that counts, whoever sends the form: the organisation gains
 * edit rights over the campaign and its money is paid to the organisation's account. An
 * unknown organisation is one nobody belongs to.
 */
export async function assertMayRaiseFor(ownerId: string, organisationId: string, db?: DbOrTx): Promise<void> {
  const conn = db ?? (await getDb());
  const [member] = await conn
    .select({ id: organisationUsers.id })
    .from(organisationUsers)
    .where(and(eq(organisationUsers.organisationId, organisationId), eq(organisationUsers.userId, ownerId)))
    .limit(1);
  if (!member) throw forbidden(CAMPAIGN_MESSAGES.organisationForbidden);
}

/** Sets the fields of the campaign's address that `address` carries (null clears one; absent keeps it). */
export async function writeAddress(tx: DbOrTx, campaignId: string, address: AddressInput): Promise<void> {
  const set = Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) {
    await tx.insert(campaignAddresses).values({ campaignId }).onConflictDoNothing();
    return;
  }
  await tx
    .insert(campaignAddresses)
    .values({ campaignId, ...set })
    .onConflictDoUpdate({ target: campaignAddresses.campaignId, set });
}

/** Replaces the campaign's social links, in the order given. */
export async function writeSocials(
  tx: DbOrTx,
  campaignId: string,
  socials: readonly SocialLink[],
): Promise<void> {
  await tx.delete(campaignSocials).where(eq(campaignSocials.campaignId, campaignId));
  if (socials.length === 0) return;
  await tx
    .insert(campaignSocials)
    .values(socials.map((social, position) => ({ campaignId, url: social.url, position })));
}

/** Replaces the campaign's videos (already in their stored form), in the order given. */
export async function writeVideos(tx: DbOrTx, campaignId: string, videos: readonly string[]): Promise<void> {
  await tx.delete(campaignVideos).where(eq(campaignVideos.campaignId, campaignId));
  if (videos.length === 0) return;
  await tx.insert(campaignVideos).values(videos.map((url, position) => ({ campaignId, url, position })));
}

/**
 * True once the campaign has an accepted donation, or one still waiting for its payment:
 * each was converted into the campaign's currency when it was made, so the currency is fixed.
 */
export async function hasCountedDonations(campaignId: string, db?: DbOrTx): Promise<boolean> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select({ id: donations.id })
    .from(donations)
    .where(
      and(
        eq(donations.campaignId, campaignId),
        inArray(donations.status, [DonationStatus.Accepted, DonationStatus.Pending]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * True once where the campaign's money goes is fixed: it has counted donations
 * (`hasCountedDonations`) or a payout that is not declined (its own Bluetick payout,
 * or a share of an organisation's).
 */
export async function isFundingLocked(campaignId: string, db?: DbOrTx): Promise<boolean> {
  const conn = db ?? (await getDb());
  if (await hasCountedDonations(campaignId, conn)) return true;
  const rows = await conn
    .select({ id: payouts.id })
    .from(payouts)
    .leftJoin(payoutItems, eq(payoutItems.payoutId, payouts.id))
    .where(
      and(
        or(eq(payouts.campaignId, campaignId), eq(payoutItems.campaignId, campaignId)),
        ne(payouts.status, PayoutStatus.Declined),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Where a campaign's money goes: its organisation (null: its owner) and funding type. */
export interface CampaignFunding {
  organisationId: string | null;
  fundingType: number;
}

/**
 * Locks the campaign's row (`FOR UPDATE`, as payouts do in payouts/fundsLock.ts) and
 * answers where its money goes now. A donation's insert holds the row's key share
 * until it commits, so under this lock every donation is either already visible to
 * `isFundingLocked` or waits until the caller's transaction ends.
 */
export async function lockCampaignFunding(tx: Tx, campaignId: string): Promise<CampaignFunding | null> {
  const [row] = await tx
    .select({ organisationId: campaigns.organisationId, fundingType: campaigns.fundingType })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .for('update');
  return row ?? null;
}

/** Whether `next` (fields absent: unchanged) moves the money elsewhere than `current`. */
export function changesFunding(
  current: CampaignFunding,
  next: { organisation?: string | null | undefined; fundingType?: number | undefined },
): boolean {
  const organisationChanged =
    next.organisation !== undefined && (next.organisation ?? null) !== current.organisationId;
  const fundingTypeChanged = next.fundingType !== undefined && next.fundingType !== current.fundingType;
  return organisationChanged || fundingTypeChanged;
}

/**
 * 409 when the change moves the money of a campaign whose funding is locked: only a
 * platform admin may move it then (PATCH /admin/campaigns/{id}/organisation, with a reason).
 * Call under `lockCampaignFunding`, in the transaction that writes the change.
 */
export async function assertFundingMayChange(
  tx: Tx,
  campaignId: string,
  current: CampaignFunding,
  next: { organisation?: string | null | undefined; fundingType?: number | undefined },
): Promise<void> {
  if (!changesFunding(current, next)) return;
  if (await isFundingLocked(campaignId, tx)) throw conflict(CAMPAIGN_MESSAGES.fundingLocked);
}
