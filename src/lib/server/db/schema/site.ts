import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { users } from './users';

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
    /** What the thing looked like before and after the action (staff actions record both). */
    before: jsonb(),
    after: jsonb(),
    at: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.entity, t.entityId), index().on(t.actorId), index().on(t.at)],
);

/**
 * Fixed-window request counters (src/lib/server/platform/rateLimit.ts), kept in the
 * database so every process behind a load balancer counts the same attempts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** What is counted and for whom, e.g. `login:account:thandi@example.org`. */
    key: text().notNull(),
    windowStart: timestamptz().notNull(),
    count: integer().notNull().default(0),
    /** When the window ends; rows past it are only history and may be deleted. */
    expiresAt: timestamptz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index().on(t.expiresAt)],
);
