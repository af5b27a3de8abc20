import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EmailTokenPurpose, PlatformRole } from '~/lib/enums';
import { createdAt, ownedBy, timestamptz, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    /** argon2id; null until an invited user sets a password. */
    passwordHash: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    msisdn: text(),
    location: text(),
    addressLine1: text(),
    addressLine2: text(),
    zip: text(),
    city: text(),
    province: text(),
    country: text(),
    imageFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(true),
    emailConfirmed: boolean().notNull().default(false),
    role: text().$type<PlatformRole>().notNull().default('user'),
    lastLoginAt: timestamptz(),
    /** The owner mails this user turned off: 'first', 'targets', 'quiet' (src/lib/ownerMail.ts). */
    ownerMailOptOuts: text().array().notNull().default(sql`'{}'::text[]`),
    /** Set when the account was deleted (POPIA): the row stays, blanked, for the ledger's references. */
    deletedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Addresses differ only in case are one person: Thandi@x and thandi@x must not both register.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

// stored_files.owner_id and users.image_file_id point at each other, so both tables live here
// and no two schema files import each other.
/**
 * An uploaded (or bundled) file. `url` is set when the file is served as a
 * static asset (demo images under public/); otherwise the files service serves
 * it by `storageKey`, and private files only to their owner and admins.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    storageKey: text().notNull().unique('stored_files_storage_key_unique'),
    url: text(),
    originalName: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    isPrivate: boolean().notNull().default(false),
    ownerId: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.ownerId)],
);

/** Refresh tokens, stored hashed; one family per login so reuse of a rotated token revokes them all. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownedBy(() => users.id),
    tokenHash: text().notNull().unique('refresh_tokens_token_hash_unique'),
    familyId: uuid().notNull(),
    expiresAt: timestamptz().notNull(),
    rotatedAt: timestamptz(),
    revokedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), index().on(t.familyId)],
);

/** Single-use tokens sent by email (verification, reset, set password, invitation), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownedBy(() => users.id),
    tokenHash: text().notNull().unique('email_tokens_token_hash_unique'),
    purpose: text().$type<EmailTokenPurpose>().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId, t.purpose),
    check('email_tokens_purpose_check', sql`${t.purpose} in ('verify', 'reset', 'set-password', 'invite')`),
  ],
);
