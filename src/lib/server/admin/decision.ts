import type { APIRoute } from 'astro';
import type { AdminDecision } from '~/lib/contracts/admin';
import { type AdminDecisionInput, adminDecisionSchema } from '~/lib/schemas/adminRequests';
import { requireAdmin, type SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import type { Tx } from '~/lib/server/db/types';
import { type HttpError, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { type AuditEntry, recordAudit } from '~/lib/server/platform/audit';

/**
 * The one skeleton of every staff decision (verification, banking details, payout):
 * load the row under lock → check it still waits → apply → audit → mail, all in one
 * transaction: the mail is queued with the decision (mail/send.ts) and goes out once it commits.
 * Each decision module says only what differs, as a `DecisionSteps` table.
 */
export interface DecisionSteps<Row, Outcome> {
  /** The 404 message for an unknown id. */
  notFound: string;
  /** Loads the row and locks it for the transaction (`SELECT … FOR UPDATE`); null when there is none. */
  load: (tx: Tx, id: string) => Promise<Row | null>;
  /** Why the row cannot be decided (no longer pending, a move not allowed), or null. */
  refusal: (row: Row) => HttpError | null;
  /** Makes the change; answers the audit entry (without its actor) and what the caller answers. */
  apply: (tx: Tx, row: Row) => Promise<{ audit: Omit<AuditEntry, 'actorId'>; outcome: Outcome }>;
  /** Queues the mail to whoever must know, in the decision's transaction. */
  mail: (tx: Tx, row: Row, outcome: Outcome) => Promise<void>;
}

/** Runs `steps` for the row `id` on behalf of `admin`; `details` (note, reason, reference) join the audit entry's. */
export async function runDecision<Row, Outcome>(
  admin: SessionUser,
  id: string,
  steps: DecisionSteps<Row, Outcome>,
  details: Record<string, unknown>,
): Promise<{ row: Row; outcome: Outcome }> {
  const rowId = uuidOrNull(id);
  if (!rowId) throw notFound(steps.notFound);
  const db = await getDb();
  const decided = await db.transaction(async (tx) => {
    const row = await steps.load(tx, rowId);
    if (!row) throw notFound(steps.notFound);
    const refusal = steps.refusal(row);
    if (refusal) throw refusal;
    const { audit, outcome } = await steps.apply(tx, row);
    await recordAudit({ ...audit, actorId: admin.id, details: { ...audit.details, ...details } }, tx);
    await steps.mail(tx, row, outcome);
    return { row, outcome };
  });
  return decided;
}

/** What an accept or reject adds to its audit entry: the optional note, or the reason. */
export const decisionDetails = (input: {
  accepted: boolean;
  reason: string | null;
  note: string | null;
}): Record<string, unknown> =>
  input.accepted ? (input.note ? { note: input.note } : {}) : { reason: input.reason };

/** The answer of an accept / reject decided at `at`. */
export const decisionAnswer = (
  id: string,
  input: AdminDecisionInput,
  at: Date,
  bankingDetailId: string | null,
): AdminDecision => ({
  id,
  accepted: input.accepted,
  reason: input.accepted ? null : input.reason,
  reviewedAt: at.toISOString(),
  bankingDetailId,
});

/**
 * The endpoint of an accept / reject decision (`{ accepted, reason?, note? }`): admin, parse,
 * decide, answer with the accepted or rejected message.
 */
export const decisionRoute =
  (
    decide: (admin: SessionUser, id: string, input: AdminDecisionInput) => Promise<AdminDecision>,
    messages: { accepted: string; rejected: string },
  ): APIRoute =>
  async (ctx) => {
    const admin = await requireAdmin(ctx);
    const input = parseInput(adminDecisionSchema, await readJson(ctx));
    const decision = await decide(admin, ctx.params.id ?? '', input);
    return ok(decision, input.accepted ? messages.accepted : messages.rejected);
  };
