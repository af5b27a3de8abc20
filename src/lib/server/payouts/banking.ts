import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { BankingRequestStatus } from '~/lib/enums';
import { getDb } from '~/lib/server/db';
import { bankingDetails } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest } from '~/lib/server/http/errors';

export const BANKING_MESSAGES = {
  campaignNotAccepted:
    'Your banking details have not been approved yet. Submit them under Verification and wait for our team to approve them before requesting a payout.',
  organisationNotAccepted:
    'Your organisation’s banking details have not been approved yet. An Owner can submit them under Verification; once our team approves them you can request a payout.',
} as const;

/** Where money may go: a campaign's own details, or an organisation's. */
export type BankingOwner = { campaignId: string } | { organisationId: string };

/**
 * Banking details that are their campaign's or organisation's own (submitted with its
 * verification): not a supplier's account sent with a Bluetick invoice payout.
 */
// Qualified by hand: Drizzle leaves columns unqualified in a query without joins, which
// inside this subquery would bind to payouts' own id.
export const ownBankingDetailsSql: SQL = sql`not exists (select 1 from payouts p
  where p.banking_detail_id = "banking_details"."id" and p.payout_option = 'invoice')`;

/**
 * The one rule for "the banking details of" a campaign or organisation: its own rows (see
 * ownBankingDetailsSql); a campaign's are those not submitted for its organisation. Every
 * view of them (the owner view, funding info, the payout) reads the newest of these.
 */
export function ownBankingRowsOf(owner: BankingOwner): SQL {
  const where =
    'campaignId' in owner
      ? and(eq(bankingDetails.campaignId, owner.campaignId), isNull(bankingDetails.organisationId))
      : eq(bankingDetails.organisationId, owner.organisationId);
  return and(where, ownBankingDetailsSql) as SQL;
}

/** Orders banking rows newest first (the newest submission replaces the older ones). */
export const newestBankingFirst = [desc(bankingDetails.createdAt), desc(bankingDetails.id)] as const;

/** The newest banking details of `owner`: its id and review status, or null when none were submitted. */
export async function loadBankingStatus(
  owner: BankingOwner,
  db?: DbOrTx,
): Promise<{ id: string; status: number } | null> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ id: bankingDetails.id, status: bankingDetails.requestStatus })
    .from(bankingDetails)
    .where(ownBankingRowsOf(owner))
    .orderBy(...newestBankingFirst)
    .limit(1);
  return row ?? null;
}

/**
 * The id of the banking details a payout goes to: the owner's newest submission, which
 * staff must have accepted (a newer one waiting for review replaces the old account).
 * Otherwise 400 saying what to do.
 */
export async function acceptedBankingDetailId(owner: BankingOwner, db: DbOrTx): Promise<string> {
  const banking = await loadBankingStatus(owner, db);
  if (banking?.status === BankingRequestStatus.Accepted) return banking.id;
  throw badRequest(
    'campaignId' in owner ? BANKING_MESSAGES.campaignNotAccepted : BANKING_MESSAGES.organisationNotAccepted,
  );
}
