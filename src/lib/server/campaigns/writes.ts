import { and, eq, inArray } from 'drizzle-orm';
import { DonationStatus } from '~/lib/enums';
import type { SocialLink } from '~/lib/schemas/campaign';
import { CAMPAIGN_MESSAGES } from '~/lib/schemas/campaign';
import type { AddressInput } from '~/lib/schemas/profile';
import { getDb } from '~/lib/server/db';
import {
  campaignAddresses,
  campaignSocials,
  campaignSubCategories,
  campaignVideos,
  donations,
  events,
  organisationUsers,
} from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest, type FieldErrors } from '~/lib/server/http/errors';

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
  organisation: string | null;
  /** The campaign's owner: the organisation must be one of theirs. */
  ownerId: string;
}

/**
 * Field errors for references that do not hold: a sub-category of another
 * category, an unknown event, an organisation the campaign's owner has no
 * role in. It is the owner's membership that counts, whoever sends the form:
 * the organisation gains edit rights over the campaign and counts its money.
 */
export async function referenceProblems(refs: CampaignReferences, db?: DbOrTx): Promise<FieldErrors> {
  const conn = db ?? (await getDb());
  const [sub, event, organisation] = await Promise.all([
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
    refs.organisation === null
      ? null
      : conn
          .select({ id: organisationUsers.id })
          .from(organisationUsers)
          .where(
            and(
              eq(organisationUsers.organisationId, refs.organisation),
              eq(organisationUsers.userId, refs.ownerId),
            ),
          )
          .then((rows) => rows[0] ?? null),
  ]);
  const errors: FieldErrors = {};
  if (refs.subCategory !== null && sub?.categoryId !== refs.category) {
    errors.campaignSubCategory = [CAMPAIGN_MESSAGES.subCategory];
  }
  if (refs.event !== null && !event) errors.event = [CAMPAIGN_MESSAGES.event];
  if (refs.organisation !== null && !organisation) errors.organisation = [CAMPAIGN_MESSAGES.organisation];
  return errors;
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
