import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { ReportStatus } from '~/lib/enums';
import { campaigns } from './campaigns';
import { createdAt, timestamptz } from './columns';
import { organisations } from './organisations';
import { users } from './users';

/** A visitor's report of a campaign or an organisation (exactly one of the two), for the reports queue. */
export const reports = pgTable(
  'reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: uuid().references(() => campaigns.id, { onDelete: 'cascade' }),
    organisationId: uuid().references(() => organisations.id, { onDelete: 'cascade' }),
    /** ReportReason's code. */
    reason: text().notNull(),
    details: text().notNull(),
    /** The reporter's address, for the confirmation and for staff; optional. */
    email: text(),
    /** The signed-in reporter, when there was one. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: smallint().notNull().default(ReportStatus.Open),
    decidedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.status, t.campaignId),
    index().on(t.status, t.organisationId),
    check('reports_subject_check', sql`(${t.campaignId} is null) <> (${t.organisationId} is null)`),
  ],
);
