import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { addressColumns, cents, createdAt, linkColumns, ownedBy, timestamptz, updatedAt } from './columns';
import { organisationTypes, positions, sectors } from './lookups';
import { storedFiles, users } from './users';

export const organisations = pgTable(
  'organisations',
  {
    id: uuid().primaryKey().defaultRandom(),
    legalName: text().notNull(),
    otherName: text(),
    organisationTypeId: integer().references(() => organisationTypes.id, { onDelete: 'set null' }),
    /** Comma-joined keywords, as the API carries them. */
    keywordsDescription: text(),
    briefDescription: text(),
    logoFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
    s18CertificateFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
    /** SARS's Public Benefit Organisation reference number, printed on Section 18A receipts. */
    pboNumber: text(),
    /** The Department of Social Development's NPO registration number, stored as "123-456 NPO". */
    npoNumber: text(),
    mainContactFirstName: text(),
    mainContactLastName: text(),
    mainContactPhone: text(),
    mainContactEmail: text(),
    mainContactPositionId: integer().references(() => positions.id, { onDelete: 'set null' }),
    website: text(),
    telephone: text(),
    email: text(),
    /** Public path segment: /organization/{url}. */
    url: text().notNull().unique(),
    /** Raises funds in a currency other than rand. */
    nonRandOrganization: boolean().notNull().default(false),
    isVerified: boolean().notNull().default(false),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.organisationTypeId),
    index().on(t.createdAt),
    // Used only by queries with this very expression: organisationSearchVector in server/organisations/search.ts.
    // The description is HTML: the text search parser skips its tags and entities.
    index('organisations_search_idx').using(
      'gin',
      sql`to_tsvector('simple', ${t.legalName} || ' ' || coalesce(${t.otherName}, '') || ' ' || coalesce(${t.keywordsDescription}, '') || ' ' || coalesce(${t.briefDescription}, ''))`,
    ),
  ],
);

/**
 * What an organisation's campaigns have raised, as the organisation search's 'most raised' order
 * counts it: campaigns.raised_cents (the ledger, kept by 0007's triggers) summed per organisation,
 * kept in turn by triggers on campaigns and campaign_settings in the same transaction (migration
 * 0018), so that order reads one row per organisation instead of every campaign. Two parts, since
 * the dollar's rate is read when the order is: campaigns in US dollars, and the rest counted as
 * rand (a campaign without settings too). An organisation whose campaigns never raised anything
 * may have no row.
 */
export const organisationRaised = pgTable('organisation_raised', {
  organisationId: uuid()
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  atParCents: cents().notNull().default(0),
  dollarCents: cents().notNull().default(0),
});

export const organisationSectors = pgTable(
  'organisation_sectors',
  {
    organisationId: ownedBy(() => organisations.id),
    sectorId: integer()
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.sectorId] }), index().on(t.sectorId)],
);

/** An organisation's addresses; position 0 is the main one. */
export const organisationAddresses = pgTable(
  'organisation_addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: ownedBy(() => organisations.id),
    ...addressColumns(),
    position: smallint().notNull().default(0),
  },
  (t) => [index().on(t.organisationId, t.position)],
);

export const organisationVideos = pgTable(
  'organisation_videos',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: ownedBy(() => organisations.id),
    ...linkColumns(),
  },
  (t) => [index().on(t.organisationId)],
);

export const organisationSocials = pgTable(
  'organisation_socials',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: ownedBy(() => organisations.id),
    ...linkColumns(),
  },
  (t) => [index().on(t.organisationId)],
);

/** Who may act for an organisation, with the SPEC role (OrgUserRole 0–3). */
export const organisationUsers = pgTable(
  'organisation_users',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: ownedBy(() => organisations.id),
    userId: ownedBy(() => users.id),
    role: smallint().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('organisation_users_organisation_user_unique').on(t.organisationId, t.userId),
    index().on(t.userId),
    check('organisation_users_role_check', sql`${t.role} between 0 and 3`),
  ],
);

/** The organisation's answers to the verification questionnaire (one row per organisation). */
export const organisationVerifications = pgTable('organisation_verifications', {
  organisationId: uuid()
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  hasFulltimeStaff: boolean().notNull().default(false),
  hasCrowdfundedBefore: boolean().notNull().default(false),
  hasUsedEventsBefore: boolean().notNull().default(false),
  // The API spells these 'recieves…'/'recieved…' (SPEC §3); the database spells them right.
  receivesSupport: boolean().notNull().default(false),
  receivedSupportDetails: text(),
  helpRequired: text(),
  regularNumberOfDonors: text(),
  crowdFundingLinks: text(),
  supportPartners: text(),
  legalDocumentFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
  isVerified: boolean().notNull().default(false),
  submittedAt: timestamptz(),
  reviewedAt: timestamptz(),
  reviewedById: uuid().references(() => users.id, { onDelete: 'set null' }),
  /** Why staff rejected the latest submission (mailed to the organisation's owners). */
  rejectionReason: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const organisationVerificationDocuments = pgTable(
  'organisation_verification_documents',
  {
    organisationId: ownedBy(() => organisations.id),
    fileId: ownedBy(() => storedFiles.id),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.fileId] })],
);
