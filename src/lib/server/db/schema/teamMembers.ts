import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { InviteStatus } from '~/lib/enums';
import { campaigns } from './campaigns';
import { createdAt, timestamptz, updatedAt } from './columns';
import { positions } from './lookups';
import { organisations } from './organisations';
import { users } from './users';

/**
 * Team members of an organisation or a campaign. A member is invited by email;
 * `userId` is filled in once the invitation is accepted.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid().references(() => organisations.id, { onDelete: 'cascade' }),
    campaignId: uuid().references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    mobileNumber: text(),
    organisationPositionId: integer().references(() => positions.id, { onDelete: 'set null' }),
    userRole: smallint().notNull(),
    mainContactPerson: boolean().notNull().default(false),
    inviteStatus: smallint().notNull().default(InviteStatus.Pending),
    inviteTokenHash: text().unique('team_members_invite_token_hash_unique'),
    inviteExpiresAt: timestamptz(),
    deleted: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.organisationId),
    index().on(t.campaignId),
    index('team_members_email_lower_idx').on(sql`lower(${t.email})`),
    check('team_members_owner_check', sql`num_nonnulls(${t.organisationId}, ${t.campaignId}) >= 1`),
  ],
);
