import { type SQL, sql } from 'drizzle-orm';
import { BankingRequestStatus } from '~/lib/enums';
import { getDb } from '~/lib/server/db';
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

/** The newest submission of the owner; a supplier's details sent with a Bluetick invoice are not the campaign's. */
function newestSubmission(owner: BankingOwner): SQL {
  const where =
    'campaignId' in owner
      ? sql`bd.campaign_id = ${owner.campaignId} and bd.organisation_id is null`
      : sql`bd.organisation_id = ${owner.organisationId}`;
  return sql`select bd.id, bd.request_status from banking_details bd
    where ${where} and not exists (
      select 1 from payouts p where p.banking_detail_id = bd.id and p.payout_option = 'invoice')
    order by bd.created_at desc, bd.id desc limit 1`;
}

/** The newest banking details of `owner`: its id and review status, or null when none were submitted. */
export async function loadBankingStatus(
  owner: BankingOwner,
  db?: DbOrTx,
): Promise<{ id: string; status: number } | null> {
  const conn = db ?? (await getDb());
  const result = (await conn.execute(newestSubmission(owner))) as { rows: Record<string, unknown>[] };
  const row = result.rows[0];
  return row ? { id: String(row.id), status: Number(row.request_status) } : null;
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
