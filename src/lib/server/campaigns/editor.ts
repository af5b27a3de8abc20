import { eq } from 'drizzle-orm';
import type { SavedCampaign } from '~/lib/contracts/campaigns';
import { BarometerDisplay, CampaignCategory, CampaignStatus, Currency } from '~/lib/enums';
import { toCents } from '~/lib/money';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  type CreateCampaignInput,
  type EditCampaignInput,
} from '~/lib/schemas/campaign';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { isUniqueViolation } from '~/lib/server/db/errors';
import { campaignSettings, campaigns } from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { badRequest, conflict, forbidden, notFound } from '~/lib/server/http/errors';
import { recordAudit } from '~/lib/server/platform/audit';
import { sanitizeStoryHtml } from '~/lib/server/platform/sanitizeHtml';
import { CAMPAIGN_ACCESS_MESSAGES, findCampaignForEdit, isOwnerOrAdmin } from './access';
import {
  discardFiles,
  keptCount,
  loadCampaignImages,
  planImages,
  type SavedImage,
  saveUploadedImages,
  writeImagePlan,
} from './images';
import { assertUrlAvailable, freeUrlFor, newShortUrl } from './slugs';
import {
  assertFundingMayChange,
  assertMayRaiseFor,
  changesFunding,
  hasCountedDonations,
  lockCampaignFunding,
  referenceProblems,
  throwFieldErrors,
  writeAddress,
  writeSocials,
  writeVideos,
} from './writes';

type CampaignColumns = Partial<typeof campaigns.$inferInsert>;
type SettingsColumns = Partial<typeof campaignSettings.$inferInsert>;

/** The campaign columns the form sets; fields it leaves out stay out. */
function campaignColumns(input: EditCampaignInput): CampaignColumns {
  const c: CampaignColumns = {};
  if (input.name !== undefined) c.name = input.name;
  if (input.story !== undefined) c.story = sanitizeStoryHtml(input.story);
  if (input.language !== undefined) c.language = input.language;
  if (input.startDate !== undefined) c.startDate = input.startDate;
  if (input.endDate !== undefined) c.endDate = input.endDate;
  if (input.donationTarget !== undefined) c.donationTarget = toCents(input.donationTarget ?? 0);
  if (input.offlineDonations !== undefined) c.offlineDonations = toCents(input.offlineDonations ?? 0);
  if (input.thankYouMessage !== undefined) c.thankYouMessage = input.thankYouMessage;
  if (input.url) c.url = input.url;
  if (input.fundingType !== undefined) c.fundingType = input.fundingType;
  if (input.campaignCategory !== undefined) c.campaignCategoryId = input.campaignCategory;
  if (input.campaignSubCategory !== undefined) c.campaignSubCategoryId = input.campaignSubCategory;
  if (input.event !== undefined) c.eventId = input.event;
  if (input.notificationFrequency !== undefined) c.notificationFrequency = input.notificationFrequency;
  if (input.organisation !== undefined) c.organisationId = input.organisation;
  if (input.visibility !== undefined) c.visibility = input.visibility;
  return c;
}

function settingsColumns(input: EditCampaignInput): SettingsColumns {
  const s: SettingsColumns = {};
  if (input.currency !== undefined) s.currencyId = input.currency;
  const settings = input.settings ?? {};
  if (settings.isRecurringGivingCampaign !== undefined)
    s.isRecurringGivingCampaign = settings.isRecurringGivingCampaign;
  if (settings.showBarometer !== undefined) s.showBarometer = settings.showBarometer;
  if (settings.isTaxBenefit !== undefined) s.isTaxBenefit = settings.isTaxBenefit;
  return s;
}

const tooManyImages = () => badRequest(CAMPAIGN_MESSAGES.images, { images: [CAMPAIGN_MESSAGES.images] });

/** Socials, videos, address and images: the parts kept in their own tables. */
async function writeParts(tx: Tx, campaignId: string, input: EditCampaignInput): Promise<void> {
  if (input.address !== undefined) await writeAddress(tx, campaignId, input.address);
  if (input.socials !== undefined) await writeSocials(tx, campaignId, input.socials);
  if (input.videos !== undefined) await writeVideos(tx, campaignId, input.videos);
}

/**
 * `POST /campaigns/`: a draft (unpublished) owned by `user`, with its
 * settings at the SPEC §9 defaults unless given. The url is the one asked
 * for (409 when taken) or made from the name.
 */
export async function createCampaign(
  user: SessionUser,
  input: CreateCampaignInput,
  images: readonly File[],
): Promise<SavedCampaign> {
  if (images.length > CAMPAIGN_LIMITS.images) throw tooManyImages();
  if (input.organisation) await assertMayRaiseFor(user.id, input.organisation);
  throwFieldErrors(
    await referenceProblems({
      category: input.campaignCategory ?? CampaignCategory.Uncategorised,
      subCategory: input.campaignSubCategory ?? null,
      event: input.event ?? null,
    }),
  );
  if (input.url) await assertUrlAvailable(input.url);
  const saved = await saveUploadedImages(images, user.id, 'campaign');
  try {
    return await insertCampaign(user, input, saved);
  } catch (error) {
    await discardFiles(saved.map((s) => s.fileId));
    throw error;
  }
}

async function insertCampaign(
  user: SessionUser,
  input: CreateCampaignInput,
  saved: readonly SavedImage[],
): Promise<SavedCampaign> {
  const db = await getDb();
  const currency = input.currency ?? Currency.Rand;
  for (let attempt = 1; ; attempt++) {
    const url = input.url ?? (await freeUrlFor(input.name));
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(campaigns)
          .values({
            ...campaignColumns(input),
            name: input.name,
            ownerId: user.id,
            url,
            shortUrl: newShortUrl(),
          })
          .returning({ id: campaigns.id, url: campaigns.url });
        if (!row) throw new Error('The new campaign row was not returned.');
        await tx.insert(campaignSettings).values({
          showBarometer:
            currency === Currency.Dollar
              ? BarometerDisplay.ShowAmountDollar
              : BarometerDisplay.ShowAmountRand,
          ...settingsColumns(input),
          campaignId: row.id,
          currencyId: currency,
        });
        await writeParts(tx, row.id, input);
        await writeImagePlan(tx, row.id, planImages([], input.imageDetails, saved));
        await recordAudit(
          { actorId: user.id, action: 'campaign-create', entity: 'campaign', entityId: row.id },
          tx,
        );
        return row;
      });
    } catch (error) {
      // A racing creator took the url (or, once in trillions, the short code): try again with a fresh one.
      const retry = isUniqueViolation(error) && attempt < 5;
      if (retry && isUniqueViolation(error, 'campaigns_short_url_unique')) continue;
      if (isUniqueViolation(error) && input.url) throw conflict(CAMPAIGN_MESSAGES.urlTaken);
      if (retry) continue;
      throw error;
    }
  }
}

/** The status after an edit: hide or show again; a new end date in the future revives an expired campaign. */
function statusAfterEdit(
  current: typeof campaigns.$inferSelect,
  input: EditCampaignInput,
  now: Date,
): number {
  let status = current.status;
  if (input.hidden === true) status = CampaignStatus.Hidden;
  else if (input.hidden === false && status === CampaignStatus.Hidden) status = CampaignStatus.Active;
  const end = input.endDate === undefined ? current.endDate : input.endDate;
  if (status === CampaignStatus.Expired && input.endDate !== undefined && (!end || end > now)) {
    status = CampaignStatus.Active;
  }
  return status;
}

async function editProblems(
  current: typeof campaigns.$inferSelect,
  input: EditCampaignInput,
): Promise<Record<string, string[]>> {
  const start = input.startDate === undefined ? current.startDate : input.startDate;
  const end = input.endDate === undefined ? current.endDate : input.endDate;
  // Without a new sub-category the stored one stays valid, or is cleared when the category changes.
  const problems = await referenceProblems({
    category: input.campaignCategory ?? current.campaignCategoryId,
    subCategory: input.campaignSubCategory ?? null,
    event: input.event ?? null,
  });
  if (start && end && end.getTime() <= start.getTime()) problems.endDate = [CAMPAIGN_MESSAGES.endBeforeStart];
  if (input.hidden !== undefined && current.status === CampaignStatus.Closed) {
    problems.hidden = [CAMPAIGN_MESSAGES.hiddenClosed];
  }
  if (input.currency !== undefined) {
    const db = await getDb();
    const [settings] = await db
      .select({ currencyId: campaignSettings.currencyId })
      .from(campaignSettings)
      .where(eq(campaignSettings.campaignId, current.id));
    if (settings?.currencyId !== input.currency && (await hasCountedDonations(current.id))) {
      problems.currency = [CAMPAIGN_MESSAGES.currencyLocked];
    }
  }
  return problems;
}

/**
 * 403 when someone other than the owner (or staff) attaches the campaign to an
 * organisation, moves it to another or detaches it: the organisation's roles
 * gain edit rights over it and its money counts towards the organisation, so
 * that is the owner's choice alone. Sending the current one back is no change.
 * A new organisation must be one the owner belongs to (403 otherwise). Whether
 * the money may still move at all is decided under the row lock (assertFundingMayChange).
 */
async function assertMayChangeOrganisation(
  user: SessionUser,
  current: typeof campaigns.$inferSelect,
  input: EditCampaignInput,
): Promise<void> {
  if (input.organisation === undefined || input.organisation === current.organisationId) return;
  if (!isOwnerOrAdmin(user, current)) throw forbidden(CAMPAIGN_ACCESS_MESSAGES.organisationOwnerOnly);
  if (input.organisation) await assertMayRaiseFor(current.ownerId, input.organisation);
}

/**
 * `PATCH /campaigns/{id}`: changes the fields sent, keeps the rest. Images:
 * `imageDetails` keeps, orders and deletes existing ones; uploads are added
 * (at most 10 in all). A category change without a sub-category clears it.
 */
export async function updateCampaign(
  user: SessionUser,
  id: string,
  input: EditCampaignInput,
  images: readonly File[],
): Promise<SavedCampaign> {
  const current = await findCampaignForEdit(user, id);
  await assertMayChangeOrganisation(user, current, input);
  throwFieldErrors(await editProblems(current, input));
  if (input.url && input.url !== current.url) await assertUrlAvailable(input.url, current.id);
  const existing = await loadCampaignImages(current.id);
  if (keptCount(existing, input.imageDetails) + images.length > CAMPAIGN_LIMITS.images) throw tooManyImages();
  const saved = await saveUploadedImages(images, user.id, 'campaign');
  const plan = planImages(existing, input.imageDetails, saved);
  const columns = campaignColumns(input);
  const categoryChanged =
    input.campaignCategory !== undefined && input.campaignCategory !== current.campaignCategoryId;
  if (categoryChanged && input.campaignSubCategory === undefined) columns.campaignSubCategoryId = null;
  columns.status = statusAfterEdit(current, input, new Date());
  const settings = settingsColumns(input);
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const funding = await lockCampaignFunding(tx, current.id);
      if (!funding) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
      await assertFundingMayChange(tx, current.id, funding, input);
      await tx.update(campaigns).set(columns).where(eq(campaigns.id, current.id));
      if (Object.keys(settings).length > 0) {
        await tx.update(campaignSettings).set(settings).where(eq(campaignSettings.campaignId, current.id));
      }
      await writeParts(tx, current.id, input);
      if (saved.length > 0 || input.imageDetails !== undefined) await writeImagePlan(tx, current.id, plan);
      await recordAudit(
        {
          actorId: user.id,
          action: 'campaign-update',
          entity: 'campaign',
          entityId: current.id,
          // The editor sends the organisation and funding type with every save: `funding` says
          // whether they really changed, which the back office's review reads as a signal.
          details: {
            fields: Object.keys(input),
            ...(changesFunding(funding, input)
              ? {
                  funding: {
                    before: funding,
                    after: {
                      organisationId:
                        input.organisation === undefined
                          ? funding.organisationId
                          : (input.organisation ?? null),
                      fundingType: input.fundingType ?? funding.fundingType,
                    },
                  },
                }
              : {}),
          },
        },
        tx,
      );
    });
  } catch (error) {
    await discardFiles(saved.map((s) => s.fileId));
    if (isUniqueViolation(error)) throw conflict(CAMPAIGN_MESSAGES.urlTaken);
    throw error;
  }
  await discardFiles(plan.removed.map((r) => r.fileId));
  return { id: current.id, url: columns.url ?? current.url };
}
