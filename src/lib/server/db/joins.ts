import { eq, type SQL } from 'drizzle-orm';
import type { PgSelect, PgSelectJoin, PgTable } from 'drizzle-orm/pg-core';
import type { JoinType } from 'drizzle-orm/query-builders/select.types';
import { campaignSettings, campaigns, currencies, organisations, payouts, users } from './schema';

// The joins several queries make the same way, written once. Each takes a dynamic query builder
// (`db.select(…).from(table).$dynamic()`) and returns it with the joins added, typed as Drizzle types
// those joins (so a left-joined table's columns are nullable), to go on with more joins, WHERE, ORDER BY.

/** `query` joined to `table` (`kind` join): the type Drizzle gives `query.innerJoin(table, …)` and the like. */
type Joined<T extends PgSelect, K extends JoinType, J extends PgTable> = PgSelectJoin<T, true, K, J>;

/**
 * A query that has campaigns in it, joined to each campaign's settings (every campaign has them) and then
 * to `table` on `on` (a join after the settings may read them).
 */
const withCampaignSettingsAnd = <T extends PgSelect, J extends PgTable>(query: T, table: J, on: SQL) =>
  query
    .innerJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
    .innerJoin(table as PgTable, on) as unknown as Joined<
    Joined<T, 'inner', typeof campaignSettings>,
    'inner',
    J
  >;

/** A query FROM campaigns, joined to each campaign's settings and the currency it raises in (every campaign has both). */
export const withCampaignCurrency = <T extends PgSelect>(query: T) =>
  withCampaignSettingsAnd(query, currencies, eq(currencies.id, campaignSettings.currencyId));

/** A query FROM payouts, joined to the payout's currency and whom it pays: a campaign or an organisation (the other is null). */
export const withPayoutOwner = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(currencies, eq(currencies.id, payouts.currencyId))
    .leftJoin(campaigns, eq(campaigns.id, payouts.campaignId))
    .leftJoin(organisations, eq(organisations.id, payouts.organisationId)) as unknown as Joined<
    Joined<Joined<T, 'inner', typeof currencies>, 'left', typeof campaigns>,
    'left',
    typeof organisations
  >;

/**
 * A query that has campaigns in it, joined to each campaign's settings and its owner (`users`): what a
 * mail to the owner reads (every campaign has both).
 */
export const withCampaignSettingsAndOwner = <T extends PgSelect>(query: T) =>
  withCampaignSettingsAnd(query, users, eq(users.id, campaigns.ownerId));
