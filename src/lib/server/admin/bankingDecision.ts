import { and, desc, eq, type SQL } from 'drizzle-orm';
import { BankingRequestStatus } from '~/lib/enums';
import { bankingDetails } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest, conflict, type HttpError } from '~/lib/server/http/errors';
import { ownBankingDetailsSql } from '~/lib/server/payouts/banking';
import { ADMIN_API_MESSAGES as M } from './messages';

/** What the audit log keeps of banking details before and after a decision. */
export interface BankingSnapshot {
  id: string;
  requestStatus: number;
  rejectionReason: string | null;
}

/** The columns of a `BankingSnapshot`. */
export const bankingSnapshotColumns = {
  id: bankingDetails.id,
  requestStatus: bankingDetails.requestStatus,
  rejectionReason: bankingDetails.rejectionReason,
};

/** The newest Pending banking details matching `where`, locked for the caller's transaction. */
export async function lockLatestPendingBanking(tx: DbOrTx, where: SQL): Promise<BankingSnapshot | null> {
  const [row] = await tx
    .select(bankingSnapshotColumns)
    .from(bankingDetails)
    .where(and(where, ownBankingDetailsSql, eq(bankingDetails.requestStatus, BankingRequestStatus.Pending)))
    .orderBy(desc(bankingDetails.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Accepts or rejects banking details inside `tx`; answers their state after. */
export async function applyBankingDecision(
  tx: DbOrTx,
  id: string,
  decision: { accepted: boolean; reason: string | null; adminId: string; at: Date },
): Promise<BankingSnapshot> {
  const after = {
    requestStatus: decision.accepted ? BankingRequestStatus.Accepted : BankingRequestStatus.Rejected,
    rejectionReason: decision.accepted ? null : decision.reason,
  };
  await tx
    .update(bankingDetails)
    .set({ ...after, reviewedById: decision.adminId, reviewedAt: decision.at })
    .where(eq(bankingDetails.id, id));
  return { id, ...after };
}

/** Whether a verification submitted at `submittedAt` still waits for staff. */
export function awaitsDecision(submittedAt: Date | null, reviewedAt: Date | null): boolean {
  return submittedAt !== null && (reviewedAt === null || reviewedAt < submittedAt);
}

/** Why a verification cannot be decided now (400 never submitted, 409 decided since), or null. */
export function verificationRefusal(submittedAt: Date | null, reviewedAt: Date | null): HttpError | null {
  if (!submittedAt) return badRequest(M.notSubmitted);
  return awaitsDecision(submittedAt, reviewedAt) ? null : conflict(M.alreadyDecided);
}
