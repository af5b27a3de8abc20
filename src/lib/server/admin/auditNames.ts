import { eq, inArray } from 'drizzle-orm';
import { type AuditNameKind, type AuditNames, auditReferences, type RawAuditEntry } from '~/lib/auditLabels';
import { isUuid } from '~/lib/ids';
import { formatMoney, fromCents } from '~/lib/money';
import { getDb } from '~/lib/server/db';
import { withPayoutOwner } from '~/lib/server/db/joins';
import {
  bankingDetails,
  campaigns,
  campaignUpdates,
  closeReasons,
  donations,
  events,
  organisations,
  payouts,
  teamMembers,
  users,
} from '~/lib/server/db/schema';

type Db = Awaited<ReturnType<typeof getDb>>;
type Named = { id: string | number; name: string };
type Lookup = (db: Db, ids: string[]) => Promise<Named[]>;

const personName = (first: string, last: string, email: string): string => `${first} ${last}`.trim() || email;

const uuids = (ids: string[]): string[] => ids.filter(isUuid).map((id) => id.toLowerCase());
const numbers = (ids: string[]): number[] => ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number);

/** One query per kind of thing, each by its ids; a thing's owner is named with it. */
const LOOKUPS: Readonly<Record<AuditNameKind, Lookup>> = {
  user: async (db, ids) =>
    (
      await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, uuids(ids)))
    ).map((u) => ({ id: u.id, name: personName(u.firstName, u.lastName, u.email) })),
  campaign: (db, ids) =>
    db
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(inArray(campaigns.id, uuids(ids))),
  organisation: (db, ids) =>
    db
      .select({ id: organisations.id, name: organisations.legalName })
      .from(organisations)
      .where(inArray(organisations.id, uuids(ids))),
  event: (db, ids) =>
    db
      .select({ id: events.id, name: events.name })
      .from(events)
      .where(inArray(events.id, numbers(ids))),
  closeReason: (db, ids) =>
    db
      .select({ id: closeReasons.id, name: closeReasons.name })
      .from(closeReasons)
      .where(inArray(closeReasons.id, numbers(ids))),
  teamMember: async (db, ids) =>
    (
      await db
        .select({
          id: teamMembers.id,
          firstName: teamMembers.firstName,
          lastName: teamMembers.lastName,
          email: teamMembers.email,
        })
        .from(teamMembers)
        .where(inArray(teamMembers.id, uuids(ids)))
    ).map((m) => ({ id: m.id, name: personName(m.firstName, m.lastName, m.email) })),
  payout: async (db, ids) =>
    (
      await withPayoutOwner(
        db
          .select({
            id: payouts.id,
            amount: payouts.amount,
            currencyId: payouts.currencyId,
            campaign: campaigns.name,
            organisation: organisations.legalName,
          })
          .from(payouts)
          .$dynamic(),
      ).where(inArray(payouts.id, uuids(ids)))
    ).map((p) => ({
      id: p.id,
      name: `${formatMoney(fromCents(p.amount), p.currencyId)} from ${p.organisation ?? p.campaign ?? 'a campaign'}`,
    })),
  bankingDetails: async (db, ids) =>
    (
      await db
        .select({
          id: bankingDetails.id,
          holder: bankingDetails.accountHolderName,
          campaign: campaigns.name,
          organisation: organisations.legalName,
        })
        .from(bankingDetails)
        .leftJoin(campaigns, eq(campaigns.id, bankingDetails.campaignId))
        .leftJoin(organisations, eq(organisations.id, bankingDetails.organisationId))
        .where(inArray(bankingDetails.id, uuids(ids)))
    ).map((b) => ({ id: b.id, name: `${b.holder} (${b.organisation ?? b.campaign ?? 'no owner'})` })),
  donation: async (db, ids) =>
    (
      await db
        .select({ id: donations.id, reference: donations.reference, campaign: campaigns.name })
        .from(donations)
        .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
        .where(inArray(donations.id, uuids(ids)))
    ).map((d) => ({ id: d.id, name: `${d.reference} to ${d.campaign}` })),
  campaignUpdate: async (db, ids) =>
    (
      await db
        .select({ id: campaignUpdates.id, campaign: campaigns.name })
        .from(campaignUpdates)
        .innerJoin(campaigns, eq(campaigns.id, campaignUpdates.campaignId))
        .where(inArray(campaignUpdates.id, uuids(ids)))
    ).map((u) => ({ id: u.id, name: `Update on ${u.campaign}` })),
};

/** The names of every thing the entries name (their entities and id fields), one query per kind. */
export async function lookUpAuditNames(entries: readonly RawAuditEntry[]): Promise<AuditNames> {
  const wanted = new Map<AuditNameKind, Set<string>>();
  for (const entry of entries) {
    for (const [kind, id] of auditReferences(entry)) {
      const ids = wanted.get(kind) ?? new Set<string>();
      ids.add(id);
      wanted.set(kind, ids);
    }
  }
  const db = await getDb();
  const found = await Promise.all(
    [...wanted].map(async ([kind, ids]) => {
      const rows = await LOOKUPS[kind](db, [...ids]);
      return [kind, Object.fromEntries(rows.map((r) => [String(r.id), r.name]))] as const;
    }),
  );
  return Object.fromEntries(found);
}
