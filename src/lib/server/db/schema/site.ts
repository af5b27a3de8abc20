import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { users } from './users';

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

export const banners = pgTable(
  'banners',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** HTML written by an admin; sanitised again whenever it is served. */
    message: text().notNull(),
    /** Host the banner is meant for; null shows it on every host. */
    domain: text(),
    isVisible: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.isVisible, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    at: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.entity, t.entityId), index().on(t.actorId), index().on(t.at)],
);
