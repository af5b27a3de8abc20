import { eq, inArray } from 'drizzle-orm';
import type { PayoutView } from '~/lib/contracts/payouts';
import { BankingRequestStatus, PayoutStatus } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import type { PayoutDecisionInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { bankingDetails, campaigns, organisations, payoutItems, payouts } from '~/lib/server/db/schema';
import type { DbOrTx, Tx } from '~/lib/server/db/types';
import { badRequest, notFound } from '~/lib/server/http/errors';
import { loadCampaignFunds } from '~/lib/server/payouts/funding';
import { assertPayable } from '~/lib/server/payouts/fundsLock';
import { loadPayoutView } from '~/lib/server/payouts/payoutViews';
import { metrics } from '~/lib/server/platform/metrics';
import { applyBankingDecision, type BankingSnapshot, bankingSnapshotColumns } from './bankingDecision';
import { runDecision } from './decision';
import { payoutDecisionEmail } from './mailTemplates';
import { ADMIN_API_MESSAGES as M } from './messages';
import { mailDecision, payoutsLink, userRecipient } from './notify';

const STATUS_WORDS: Readonly<Record<number, string>> = {
  [PayoutStatus.Pending]: 'pending',
  [PayoutStatus.Accepted]: 'accepted',
  [PayoutStatus.Declined]: 'declined',
  [PayoutStatus.Paid]: 'paid',
};

/**
 * The moves staff may make: pending → accepted or declined, accepted → paid or
 * declined (a problem found before paying). Declined and paid are final.
 */
export function payoutTransitionProblem(from: number, to: number): string | null {
  if (from === to) return M.payoutSameStatus(STATUS_WORDS[from] ?? String(from));
  if (from === PayoutStatus.Declined || from === PayoutStatus.Paid) {
    return M.payoutFinal(STATUS_WORDS[from] ?? String(from));
  }
  if (to === PayoutStatus.Paid && from !== PayoutStatus.Accepted) return M.payoutNotAccepted;
  return null;
}

type PayoutRow = typeof payouts.$inferSelect;

/** 400 when a campaign of the payout is held or owes money (payouts/fundsLock.ts assertPayable). */
async function assertPayoutPayable(tx: Tx, payoutId: string): Promise<void> {
  const items = await tx
    .select({ campaignId: payoutItems.campaignId })
    .from(payoutItems)
    .where(eq(payoutItems.payoutId, payoutId));
  const ids = items.map((i) => i.campaignId);
  if (ids.length === 0) return;
  for (const campaign of await loadCampaignFunds(inArray(campaigns.id, ids), tx)) assertPayable(campaign);
}

async function bankingOf(tx: DbOrTx, payout: PayoutRow) {
  if (!payout.bankingDetailId) return null;
  const [row] = await tx
    .select(bankingSnapshotColumns)
    .from(bankingDetails)
    .where(eq(bankingDetails.id, payout.bankingDetailId))
    .for('update');
  return row ?? null;
}

const snapshot = (p: PayoutRow) => ({
  status: p.status,
  declineReason: p.declineReason,
  bankReference: p.bankReference,
});

/**
 * `PATCH /admin/payouts/{id}`: moves a payout along pending 0 → accepted 1 or
 * declined 2 → paid 3, with the payout row locked so two admins cannot both
 * decide. Paying needs accepted banking details; accepting a Bluetick invoice
 * payout accepts the supplier's Pending banking details sent with it. One
 * audit entry; the requester is mailed.
 */
export async function decidePayout(
  admin: SessionUser,
  id: string,
  input: PayoutDecisionInput,
): Promise<PayoutView> {
  const at = new Date();
  const { outcome: view } = await runDecision(
    admin,
    id,
    {
      notFound: M.payoutNotFound,
      load: async (tx, payoutId) => {
        const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
        return payout ?? null;
      },
      refusal: (payout) => {
        const problem = payoutTransitionProblem(payout.status, input.status);
        return problem ? badRequest(problem) : null;
      },
      apply: async (tx, payout) => {
        const banking = await bankingOf(tx, payout);
        let bankingAfter: BankingSnapshot | null = null;
        if (
          input.status === PayoutStatus.Accepted &&
          payout.payoutOption === 'invoice' &&
          banking?.requestStatus === BankingRequestStatus.Pending
        ) {
          bankingAfter = await applyBankingDecision(tx, banking.id, {
            accepted: true,
            reason: null,
            adminId: admin.id,
            at,
          });
        }
        if (input.status === PayoutStatus.Paid && banking?.requestStatus !== BankingRequestStatus.Accepted) {
          throw badRequest(M.payoutBankingNotAccepted);
        }
        // An accepted payout waits while its campaigns are held or owe money after refunds.
        if (input.status === PayoutStatus.Paid) await assertPayoutPayable(tx, payout.id);
        const change =
          input.status === PayoutStatus.Paid
            ? { status: input.status, paidAt: at, bankReference: input.reference }
            : {
                status: input.status,
                reviewedById: admin.id,
                reviewedAt: at,
                declineReason: input.status === PayoutStatus.Declined ? input.reason : null,
              };
        await tx.update(payouts).set(change).where(eq(payouts.id, payout.id));
        const view = await loadPayoutView(payout.id, tx);
        if (!view) throw notFound(M.payoutNotFound);
        return {
          audit: {
            action: `admin-payout-${STATUS_WORDS[input.status]}`,
            entity: 'payout',
            entityId: payout.id,
            before: { ...snapshot(payout), ...(bankingAfter ? { bankingDetail: banking } : {}) },
            after: {
              ...snapshot({ ...payout, ...change }),
              ...(bankingAfter ? { bankingDetail: bankingAfter } : {}),
            },
          },
          outcome: view,
        };
      },
      mail: mailPayoutDecision,
    },
    payoutDetails(input),
  );
  metrics.payouts.inc({ status: STATUS_WORDS[input.status] ?? 'unknown' });
  return view;
}

/** What a payout decision adds to its audit entry: the note, the reason or the bank reference. */
function payoutDetails(input: PayoutDecisionInput): Record<string, unknown> {
  const details: Record<string, unknown> = input.note ? { note: input.note } : {};
  if (input.status === PayoutStatus.Declined) details.reason = input.reason;
  if (input.status === PayoutStatus.Paid) details.reference = input.reference;
  return details;
}

async function mailPayoutDecision(db: Tx, payout: PayoutRow, view: PayoutView): Promise<void> {
  const outcome = (['accepted', 'declined', 'paid'] as const).find((w) => w === STATUS_WORDS[view.status]);
  if (!outcome) return;
  const campaignId = payout.campaignId ?? view.items[0]?.campaignId ?? null;
  const [owner] = payout.organisationId
    ? await db
        .select({ name: organisations.legalName })
        .from(organisations)
        .where(eq(organisations.id, payout.organisationId))
    : campaignId
      ? await db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.id, campaignId))
      : [];
  const requester = await userRecipient(payout.requestedById, db);
  await mailDecision(db, requester ? [requester] : [], (to) =>
    payoutDecisionEmail({
      firstName: to.firstName,
      outcome,
      amount: formatMoney(view.amount, view.currency),
      name: owner?.name ?? 'your campaign',
      reason: view.reason,
      reference: view.reference,
      link: payoutsLink({ organisationId: payout.organisationId, campaignId }),
    }),
  );
}
