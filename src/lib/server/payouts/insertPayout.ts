import type { PayoutView } from '~/lib/contracts/payouts';
import { PayoutStatus } from '~/lib/enums';
import { percentOfCents } from '~/lib/money';
import { payoutItems, payouts } from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { recordAudit } from '~/lib/server/platform/audit';
import type { PayoutShare } from './fundsLock';
import { loadPayoutView } from './payoutViews';

export interface NewPayout {
  requestedById: string;
  organisationId: string | null;
  campaignId: string | null;
  currencyId: number;
  shares: readonly PayoutShare[];
  tipPercentage: number;
  payoutOption: string | null;
  description: string | null;
  notes: string | null;
  bankingDetailId: string;
  documentFileId?: string | null;
}

/**
 * Inserts a Pending payout, its items and an audit entry (inside the funds lock). `amount`
 * is what leaves the campaigns' funds; the tip to the platform is a part of it
 * (docs/api/payouts.md, "The tip").
 */
export async function insertPayout(tx: Tx, input: NewPayout): Promise<PayoutView> {
  const amount = input.shares.reduce((sum, s) => sum + s.cents, 0);
  const [payout] = await tx
    .insert(payouts)
    .values({
      organisationId: input.organisationId,
      campaignId: input.campaignId,
      requestedById: input.requestedById,
      status: PayoutStatus.Pending,
      currencyId: input.currencyId,
      amount,
      tipPercentage: input.tipPercentage,
      tipAmount: percentOfCents(amount, input.tipPercentage),
      payoutOption: input.payoutOption,
      description: input.description,
      notes: input.notes,
      bankingDetailId: input.bankingDetailId,
      documentFileId: input.documentFileId ?? null,
    })
    .returning({ id: payouts.id });
  if (!payout) throw new Error('The payout was not inserted');
  await tx
    .insert(payoutItems)
    .values(input.shares.map((s) => ({ payoutId: payout.id, campaignId: s.campaignId, amount: s.cents })));
  await recordAudit(
    {
      actorId: input.requestedById,
      action: 'payout-request',
      entity: 'payout',
      entityId: payout.id,
      details: { amount, currencyId: input.currencyId, payoutOption: input.payoutOption },
    },
    tx,
  );
  const view = await loadPayoutView(payout.id, tx);
  if (!view) throw new Error('The payout just inserted cannot be read');
  return view;
}
