import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BarometerDisplay,
  CampaignCategory,
  type CampaignDocumentKind,
  CampaignStatus,
  Currency,
  DEFAULT_TIP_PERCENTAGE,
  DEFAULT_VISIBILITY,
  FundingType,
} from '~/lib/enums';
import { addressColumns, cents, createdAt, linkColumns, ownedBy, timestamptz, updatedAt } from './columns';
import { campaignCategories, campaignSubCategories, closeReasons, currencies, events } from './lookups';
import { organisations } from './organisations';
import { storedFiles, users } from './users';

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    organisationId: uuid().references(() => organisations.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    /** HTML; sanitised on the way in. */
    story: text().notNull().default(''),
    /** The language the owner wrote the story in (issue 27): the page marks the story with it. */
    language: text().notNull().default('en'),
    startDate: timestamptz(),
    endDate: timestamptz(),
    donationTarget: cents().notNull().default(0),
    /** Money raised outside the platform, entered by the owner. */
    offlineDonations: cents().notNull().default(0),
    thankYouMessage: text(),
    /** Public path segment: /campaign/{url}. */
    url: text().notNull().unique(),
    shortUrl: text().notNull().unique('campaigns_short_url_unique'),
    visibility: smallint().notNull().default(DEFAULT_VISIBILITY),
    fundingType: smallint().notNull().default(FundingType.Standard),
    campaignCategoryId: smallint()
      .notNull()
      .default(CampaignCategory.Uncategorised)
      .references(() => campaignCategories.id, { onDelete: 'restrict' }),
    campaignSubCategoryId: integer().references(() => campaignSubCategories.id, { onDelete: 'set null' }),
    eventId: integer().references(() => events.id, { onDelete: 'set null' }),
    notificationFrequency: smallint(),
    status: smallint().notNull().default(CampaignStatus.Active),
    published: boolean().notNull().default(false),
    isVerified: boolean().notNull().default(false),
    featured: boolean().notNull().default(false),
    defaultTipPercentage: numeric({ precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(DEFAULT_TIP_PERCENTAGE),
    verificationSubmittedAt: timestamptz(),
    /** When staff decided on the latest verification request, and why they rejected it. */
    verificationReviewedAt: timestamptz(),
    verificationRejectionReason: text(),
    launchedAt: timestamptz(),
    closedAt: timestamptz(),
    closeReasonId: integer().references(() => closeReasons.id, { onDelete: 'set null' }),
    closeNote: text(),
    /**
     * The accepted donations' campaign_amount summed, kept by a trigger on donations in the same
     * transaction (migration 0007) so search can order by it from an index. Only for ordering: what
     * a page shows is still summed from the ledger (raisedCentsSql).
     */
    raisedCents: cents().notNull().default(0),
    /** The last daily or weekly donation summary mailed to the owner (notificationFrequency 2 or 3). */
    lastDonationDigestAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.ownerId),
    index().on(t.organisationId),
    index().on(t.status, t.published),
    index().on(t.startDate),
    index().on(t.endDate),
    index().on(t.createdAt),
    index().on(t.campaignCategoryId),
    index('campaigns_featured_idx').on(t.launchedAt).where(sql`${t.featured}`),
    // Search's newest and oldest orders (server/campaigns/search.ts orderOf, the id last) over the
    // campaigns search may show (publiclySearchable): a page is read off the index, no sort of all.
    index('campaigns_searchable_newest_idx')
      .on(t.launchedAt.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.published} and ${t.status} <> 1 and ${t.visibility} = 1`),
    index('campaigns_searchable_oldest_idx')
      .on(t.launchedAt.asc().nullsLast(), t.createdAt.asc(), t.id)
      .where(sql`${t.published} and ${t.status} <> 1 and ${t.visibility} = 1`),
    index('campaigns_searchable_most_raised_idx')
      .on(t.raisedCents.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.published} and ${t.status} <> 1 and ${t.visibility} = 1`),
    // 'endingSoon' (server/campaigns/search.ts endingSoonPageIds): active campaigns ending ahead,
    // soonest first, and every campaign search may show by end date, with no end date last.
    index('campaigns_searchable_ending_soon_idx')
      .on(t.endDate.asc(), t.id)
      .where(sql`${t.published} and ${t.status} = 0 and ${t.visibility} = 1`),
    index('campaigns_searchable_end_date_idx')
      .on(t.endDate.asc().nullsLast(), t.id)
      .where(sql`${t.published} and ${t.status} <> 1 and ${t.visibility} = 1`),
    // Full-text search (campaignSearchVector in server/campaigns/cards.ts) over search_document:
    // to_tsvector('simple', name || ' ' || story), a stored generated column. It, and search_city
    // and search_province (the campaign's address's city and province, copied by a trigger on
    // campaign_addresses, with trigram indexes for search's place filter), are added in SQL by
    // migration 0018 and left out of this schema: whole-row reads and exports do not carry them.
    index('campaigns_search_idx').using('gin', sql`"search_document"`),
    check('campaigns_status_check', sql`${t.status} between 0 and 3`),
    check('campaigns_money_check', sql`${t.donationTarget} >= 0 and ${t.offlineDonations} >= 0`),
  ],
);

/** One row per campaign; defaults are SPEC §9's campaign setting defaults. */
export const campaignSettings = pgTable('campaign_settings', {
  campaignId: uuid()
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  currencyId: smallint()
    .notNull()
    .default(Currency.Rand)
    .references(() => currencies.id, { onDelete: 'restrict' }),
  isRecurringGivingCampaign: boolean().notNull().default(false),
  showBarometer: smallint().notNull().default(BarometerDisplay.ShowAmountRand),
  showPaysoft: boolean().notNull().default(false),
  showPayPal: boolean().notNull().default(true),
  showPayfast: boolean().notNull().default(true),
  showOzow: boolean().notNull().default(true),
  showSnapscan: boolean().notNull().default(true),
  isTaxBenefit: boolean().notNull().default(false),
  isAdminFee: boolean().notNull().default(true),
  adminFeeRate: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  /** Staff paused donations (a report under review): the page stays up with a notice; new donations are refused. */
  donationsPausedAt: timestamptz(),
  donationsPausedReason: text(),
  /** Staff hold payouts: requests are refused and accepted payouts wait. */
  payoutsHeldAt: timestamptz(),
  payoutsHeldReason: text(),
});

export const campaignImages = pgTable(
  'campaign_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: ownedBy(() => campaigns.id),
    fileId: uuid()
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    alt: text(),
    position: smallint().notNull().default(0),
    deleted: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.campaignId, t.position)],
);

export const campaignVideos = pgTable(
  'campaign_videos',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: ownedBy(() => campaigns.id),
    ...linkColumns(),
  },
  (t) => [index().on(t.campaignId)],
);

export const campaignSocials = pgTable(
  'campaign_socials',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: ownedBy(() => campaigns.id),
    ...linkColumns(),
  },
  (t) => [index().on(t.campaignId)],
);

/** Where the campaign is; one per campaign. */
export const campaignAddresses = pgTable(
  'campaign_addresses',
  {
    campaignId: uuid()
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    ...addressColumns(),
  },
  (t) => [index().on(t.city), index().on(t.province)],
);

/** Identity and supporting documents sent with a campaign's verification request (private files). */
export const campaignDocuments = pgTable(
  'campaign_documents',
  {
    campaignId: ownedBy(() => campaigns.id),
    fileId: ownedBy(() => storedFiles.id),
    kind: text().$type<CampaignDocumentKind>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.fileId] }),
    check('campaign_documents_kind_check', sql`${t.kind} in ('identification', 'supporting')`),
  ],
);

export const campaignUpdates = pgTable(
  'campaign_updates',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: ownedBy(() => campaigns.id),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    description: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.campaignId, t.createdAt)],
);

/** Images (a stored file) and videos (a url) attached to a campaign update. */
export const campaignUpdateMedia = pgTable(
  'campaign_update_media',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignUpdateId: ownedBy(() => campaignUpdates.id),
    kind: text().$type<'image' | 'video'>().notNull(),
    fileId: uuid().references(() => storedFiles.id, { onDelete: 'cascade' }),
    url: text(),
    position: smallint().notNull().default(0),
  },
  (t) => [
    index().on(t.campaignUpdateId),
    check(
      'campaign_update_media_kind_check',
      sql`(${t.kind} = 'image' and ${t.fileId} is not null)
        or (${t.kind} = 'video' and ${t.url} is not null)`,
    ),
  ],
);
