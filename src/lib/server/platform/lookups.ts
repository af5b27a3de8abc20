import { and, asc, count, eq, sql } from 'drizzle-orm';
import { isFormerBank } from '~/lib/banks';
import type {
  BankLookup,
  CategoryLookup,
  CurrencyInfo,
  EventLookup,
  IdName,
  OrganisationMinimal,
  PaysoftLookup,
  SubCategory,
} from '~/lib/contracts/lookups';
import { CampaignStatus, Visibility } from '~/lib/enums';
import { getDb } from '~/lib/server/db';
import {
  accountTypes,
  banks,
  campaignCategories,
  campaignSubCategories,
  campaigns,
  closeReasons,
  currencies,
  events,
  organisations,
  organisationTypes,
  positions,
  sectors,
} from '~/lib/server/db/schema';

export async function listCampaignCategories(): Promise<CategoryLookup[]> {
  const db = await getDb();
  const [categories, subs] = await Promise.all([
    db.select().from(campaignCategories).orderBy(asc(campaignCategories.id)),
    listSubCategories(),
  ]);
  return categories.map((c) => ({ ...c, subCategories: subs.filter((s) => s.campaignCategoryId === c.id) }));
}

export async function listSubCategories(categoryId?: number): Promise<SubCategory[]> {
  const db = await getDb();
  return db
    .select()
    .from(campaignSubCategories)
    .where(categoryId === undefined ? undefined : eq(campaignSubCategories.campaignCategoryId, categoryId))
    .orderBy(asc(campaignSubCategories.id));
}

export async function listEvents(): Promise<EventLookup[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      slug: events.slug,
      description: events.description,
      startDate: events.startDate,
      endDate: events.endDate,
      location: events.location,
    })
    .from(events)
    .where(eq(events.isActive, true))
    .orderBy(asc(events.startDate), asc(events.id));
  return rows.map((e) => ({
    ...e,
    startDate: e.startDate?.toISOString() ?? null,
    endDate: e.endDate?.toISOString() ?? null,
  }));
}

export async function listCloseReasons(): Promise<IdName[]> {
  const db = await getDb();
  return db
    .select({ id: closeReasons.id, name: closeReasons.name })
    .from(closeReasons)
    .orderBy(asc(closeReasons.id));
}

/** The banks, each marked `former` when it no longer exists (new banking details may not name it). */
export async function listBanks(): Promise<BankLookup[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: banks.id, name: banks.name, paysoftMapping: banks.paysoftMapping })
    .from(banks)
    .orderBy(asc(banks.id));
  return rows.map((row) => ({ ...row, former: isFormerBank(row.name) }));
}

export async function listAccountTypes(): Promise<PaysoftLookup[]> {
  const db = await getDb();
  return db.select().from(accountTypes).orderBy(asc(accountTypes.id));
}

export async function listCurrencies(): Promise<CurrencyInfo[]> {
  const db = await getDb();
  return db.select().from(currencies).orderBy(asc(currencies.id));
}

export async function listSectors(): Promise<IdName[]> {
  const db = await getDb();
  return db.select().from(sectors).orderBy(asc(sectors.id));
}

export async function listOrganisationTypes(): Promise<IdName[]> {
  const db = await getDb();
  return db.select().from(organisationTypes).orderBy(asc(organisationTypes.id));
}

export async function listPositions(): Promise<IdName[]> {
  const db = await getDb();
  return db.select().from(positions).orderBy(asc(positions.id));
}

/** Every organisation with its number of launched, public campaigns, by legal name. */
export async function listOrganisationsMinimal(): Promise<OrganisationMinimal[]> {
  const db = await getDb();
  return db
    .select({
      id: organisations.id,
      legalName: organisations.legalName,
      totalCampaigns: count(campaigns.id),
    })
    .from(organisations)
    .leftJoin(
      campaigns,
      and(
        eq(campaigns.organisationId, organisations.id),
        eq(campaigns.published, true),
        eq(campaigns.visibility, Visibility.Public),
        sql`${campaigns.status} <> ${CampaignStatus.Hidden}`,
      ),
    )
    .groupBy(organisations.id)
    .orderBy(asc(organisations.legalName));
}
