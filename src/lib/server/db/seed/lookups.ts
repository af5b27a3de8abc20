import { type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import { PAYSOFT_BANKS, SA_BANKS } from '~/lib/banks';
import { southAfricanStartOfDay } from '~/lib/dates';
import { AccountType, BankingIdType, CAMPAIGN_CATEGORY_NAMES, Currency } from '~/lib/enums';
import { slugFromName } from '~/lib/server/campaigns/slugs';
import {
  accountTypes,
  banks,
  campaignCategories,
  campaignSubCategories,
  closeReasons,
  currencies,
  events,
  idTypes,
  organisationTypes,
  positions,
  sectors,
} from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { SUB_CATEGORIES } from './sub-categories';

export const CURRENCIES = [
  { id: Currency.Rand, name: 'Rand', ticker: 'ZAR', symbol: 'R', locale: 'en-ZA' },
  { id: Currency.Dollar, name: 'US Dollar', ticker: 'USD', symbol: '$', locale: 'en-US' },
];

// BankservAfrica ACB account type codes, which Paysoft debit orders use.
const ACCOUNT_TYPES = [
  { id: AccountType.Savings, name: 'Savings', paysoftMapping: '2' },
  { id: AccountType.Cheque, name: 'Cheque', paysoftMapping: '1' },
  { id: AccountType.Business, name: 'Business', paysoftMapping: '1' },
];

const ID_TYPES = [
  { id: BankingIdType.BlueTick, name: 'Bluetick' },
  { id: BankingIdType.SAIdNumber, name: 'South African ID number' },
  { id: BankingIdType.PassportNumber, name: 'Passport number' },
  { id: BankingIdType.OrganizationRegistrationNumber, name: 'Organisation registration number' },
  { id: BankingIdType.TrustNumber, name: 'Trust number' },
];

const SECTORS = [
  'Education',
  'Early Childhood Development',
  'Health',
  'HIV/AIDS and TB',
  'Social Services and Welfare',
  'Children',
  'Youth Development',
  'Women and Gender',
  'Gender-Based Violence',
  'Older Persons',
  'Disability',
  'Food Security and Nutrition',
  'Housing and Shelter',
  'Water and Sanitation',
  'Environment and Conservation',
  'Animal Welfare',
  'Arts, Culture and Heritage',
  'Sport and Recreation',
  'Community Development',
  'Skills Development and Employment',
  'Substance Abuse',
  'Human Rights and Legal Aid',
  'Disaster Relief',
  'Faith-Based',
];

const ORGANISATION_TYPES = [
  'Non-Profit Organisation (NPO)',
  'Public Benefit Organisation (PBO)',
  'Non-Profit Company (NPC)',
  'Trust',
  'Voluntary Association',
  'Community-Based Organisation (CBO)',
  'Faith-Based Organisation',
  'School or Educational Institution',
  'Other',
];

const POSITIONS = [
  'Chairperson',
  'Deputy Chairperson',
  'Founder',
  'Director',
  'Executive Director',
  'Chief Executive Officer',
  'Trustee',
  'Treasurer',
  'Secretary',
  'Board Member',
  'Programme Manager',
  'Fundraising Manager',
  'Finance Manager',
  'Communications Officer',
  'Volunteer Coordinator',
  'Other',
];

export const CLOSE_REASONS = [
  'Target reached',
  'No longer needed',
  'Funds raised elsewhere',
  'Circumstances have changed',
  'Campaign created in error',
  'Other',
];

const EVENTS = [
  {
    id: 1,
    name: 'Cape Town Cycle Tour 2027',
    description:
      'The 109 km ride around the Cape Peninsula. Ride for a cause and ask friends to back every kilometre.',
    startDate: southAfricanStartOfDay('2027-03-14'),
    endDate: southAfricanStartOfDay('2027-03-14'),
    location: 'Cape Town, Western Cape',
  },
  {
    id: 2,
    name: 'Two Oceans Marathon 2027',
    description:
      'The 56 km ultra and 21 km half marathon on Easter Saturday, past Chapman’s Peak and Constantia Nek.',
    startDate: southAfricanStartOfDay('2027-03-27'),
    endDate: southAfricanStartOfDay('2027-03-27'),
    location: 'Cape Town, Western Cape',
  },
  {
    id: 3,
    name: 'Comrades Marathon 2027',
    description: 'The ultimate human race: about 90 km between Pietermaritzburg and Durban.',
    startDate: southAfricanStartOfDay('2027-06-13'),
    endDate: southAfricanStartOfDay('2027-06-13'),
    location: 'Pietermaritzburg to Durban, KwaZulu-Natal',
  },
  {
    id: 4,
    name: 'Mandela Day 2027',
    description: 'Give 67 minutes (or 67 rand) to make a difference in your community on 18 July.',
    startDate: southAfricanStartOfDay('2027-07-18'),
    endDate: southAfricanStartOfDay('2027-07-18'),
    location: 'Nationwide',
  },
  {
    id: 5,
    name: 'Casual Day 2027',
    description: 'Wear your gees on the first Friday of September in support of persons with disabilities.',
    startDate: southAfricanStartOfDay('2027-09-03'),
    endDate: southAfricanStartOfDay('2027-09-03'),
    location: 'Nationwide',
  },
  {
    id: 6,
    name: 'Soweto Marathon 2026',
    description: 'The People’s Race through the streets of Soweto, past Vilakazi Street and the FNB Stadium.',
    startDate: southAfricanStartOfDay('2026-11-01'),
    endDate: southAfricanStartOfDay('2026-11-01'),
    location: 'Soweto, Gauteng',
  },
];

/** `excluded.<column>` for each key: an upsert that makes the row match the seed data. */
function excluded(keys: readonly string[]): Record<string, SQL> {
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${toSnakeCase(key)}"`)]));
}

// Explicit ids leave an identity column's sequence behind; move it past them.
async function syncIdentity(tx: Tx, table: PgTable, name: string): Promise<void> {
  await tx.execute(
    sql`select setval(pg_get_serial_sequence(${name}, 'id'), greatest((select max(id) from ${table}), 1))`,
  );
}

const named = (names: readonly string[]): { id: number; name: string }[] =>
  names.map((name, i) => ({ id: i + 1, name }));

/** Inserts or refreshes every lookup table; safe on every start. */
export async function seedLookups(tx: Tx): Promise<void> {
  const categories = Object.entries(CAMPAIGN_CATEGORY_NAMES).map(([id, name]) => ({ id: Number(id), name }));
  await tx
    .insert(campaignCategories)
    .values(categories)
    .onConflictDoUpdate({ target: campaignCategories.id, set: excluded(['name']) });
  await tx
    .insert(campaignSubCategories)
    .values(SUB_CATEGORIES)
    .onConflictDoUpdate({ target: campaignSubCategories.id, set: excluded(['name', 'campaignCategoryId']) });
  await tx
    .insert(currencies)
    .values(CURRENCIES)
    .onConflictDoUpdate({ target: currencies.id, set: excluded(['name', 'ticker', 'symbol', 'locale']) });
  await tx
    .insert(accountTypes)
    .values(ACCOUNT_TYPES)
    .onConflictDoUpdate({ target: accountTypes.id, set: excluded(['name', 'paysoftMapping']) });
  await tx
    .insert(idTypes)
    .values(ID_TYPES)
    .onConflictDoUpdate({ target: idTypes.id, set: excluded(['name']) });
  const branchCodes = new Map(SA_BANKS.map((bank) => [bank.name, bank.universalBranchCode]));
  const bankRows = PAYSOFT_BANKS.map((bank) => ({
    ...bank,
    universalBranchCode: branchCodes.get(bank.name) ?? (bank.paysoftMapping || null),
  }));
  await tx
    .insert(banks)
    .values(bankRows)
    .onConflictDoUpdate({
      target: banks.id,
      set: excluded(['name', 'universalBranchCode', 'paysoftMapping']),
    });
  await tx
    .insert(sectors)
    .values(named(SECTORS))
    .onConflictDoUpdate({ target: sectors.id, set: excluded(['name']) });
  await tx
    .insert(organisationTypes)
    .values(named(ORGANISATION_TYPES))
    .onConflictDoUpdate({ target: organisationTypes.id, set: excluded(['name']) });
  await tx
    .insert(positions)
    .values(named(POSITIONS))
    .onConflictDoUpdate({ target: positions.id, set: excluded(['name']) });
  await tx
    .insert(closeReasons)
    .values(named(CLOSE_REASONS))
    .onConflictDoUpdate({ target: closeReasons.id, set: excluded(['name']) });
  // Events are content an admin may edit: insert the seed ones once, never overwrite.
  await tx
    .insert(events)
    .values(EVENTS.map((event) => ({ ...event, slug: slugFromName(event.name, 'event') })))
    .onConflictDoNothing({ target: events.id });
  const identities: [PgTable, string][] = [
    [banks, 'banks'],
    [sectors, 'sectors'],
    [organisationTypes, 'organisation_types'],
    [positions, 'positions'],
    [campaignSubCategories, 'campaign_sub_categories'],
    [events, 'events'],
    [closeReasons, 'close_reasons'],
  ];
  for (const [table, name] of identities) await syncIdentity(tx, table, name);
}
